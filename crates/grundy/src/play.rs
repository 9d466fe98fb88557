//! Playing a game: a person's session against perfect play ([`session`]) and how a
//! position looks, as data every front end renders ([`drawing`]).
//!
//! Both sit beside the front door: a game draws its positions as [`drawing::Drawing`]s, and a
//! [`session::Session`] drives any `Arc<dyn DynGame>` without knowing its types.

pub mod drawing;
mod record;
pub mod session;
