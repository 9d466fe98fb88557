//! The families as the command line names them; the catalogue lives in [`grundy::catalog`].

pub use grundy::catalog::{parse_family, Spec, BOARDS, SPECS};
