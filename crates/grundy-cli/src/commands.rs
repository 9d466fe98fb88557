//! One module per subcommand: its arguments (clap) and its `run`.

pub mod analyze;
pub mod build;
pub mod cgt;
pub mod judge;
pub mod list;
pub mod octal;
pub mod play;
pub mod quotient;
pub mod serve;
pub mod solve;
pub mod table;
