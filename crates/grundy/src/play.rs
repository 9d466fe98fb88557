//! Playing a game: a person's session against perfect play ([`session`]), which drives any
//! `Arc<dyn DynGame>` without knowing its types, and adds what its history knows to the
//! game's drawing (`crate::drawing`).

mod record;
pub mod session;
