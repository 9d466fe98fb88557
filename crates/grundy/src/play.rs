//! Playing a game: a person's session against perfect play ([`session`]), which drives any
//! `Arc<dyn DynGame>` without knowing its types, and adds what its history knows to the
//! game's drawing (`crate::drawing`). A misère sum of a code's heaps is answered by the
//! code's misère quotient (`misere`).

mod misere;
mod record;
pub mod session;
