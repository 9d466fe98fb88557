//! Strong solutions kept on disk: tier databases, built tier by tier on every core and
//! answered at once, position by position.
//!
//! A game says how its positions fall into tiers and numbers each tier's positions
//! ([`TierGame`]; Connect Four of any size, the m,n,k-games such as tic-tac-toe,
//! Dots-and-Boxes and the catalogue's boards Young, Gems Fight, kiki and team-nim are built
//! in, [`tier_game`]). [`build`] solves every position
//! reachable from the start and writes a directory: `manifest.json` (game, parameters,
//! format version, positions per tier, checksums) and one file per tier (`tier-K.bin`). A
//! tier file holds one byte per rank (two in a database of scores), compressed with LZ4 in independent blocks of
//! [`BLOCK`] ranks behind a block index, so that one position costs one block read and
//! decompressed.
//!
//! # Answers
//!
//! [`Database::probe`] reads a position's value and every move's; [`Probe::best`] names the
//! best moves and [`Database::line`] plays a principal line out to the end. [`DbGame`] is
//! a database as a game of the front door (`dynamic::DynGame`), which play sessions play
//! against at once.
//!
//! # Values
//!
//! A byte is the value for the player to move with its remoteness (moves to the end under
//! perfect play: the winner hurries, the loser delays, a draw is reached soonest): `0x80 |
//! r` a win in `r`, `0x40 | r` a loss in `r`, `0x00 | r` a draw in `r`, `0xFF` a rank not
//! reachable from the start (not in the database). A build refuses a game whose remoteness
//! passes 63. In a tier whose moves may stay in it, a draw that never ends (positions
//! repeat for ever) is `0x3F`, the byte of a draw in 63 ([`Value::is_endless`]).
//!
//! A game may keep other values instead ([`TierGame::values`], recorded in the manifest
//! as `"values"`, format version 3 on; version 2 manifests, all of outcomes, are still
//! read): a scoring game's net score for the player to move (its moves' points and bonus
//! turns given by [`TierGame::gains`]; the byte is the score plus 127, from -127 to 127),
//! followed, from format version 4, by a byte of its remoteness (0 to 255; the value
//! module says which line it counts; a version 3 database of scores, score alone, is still
//! read, without remoteness), or an impartial game's nimber (0 to 254). These are solved by the module `valued`, each
//! position from the tiers its moves reach, as the memo search and the Grundy solver
//! value them; a game whose moves may stay in their tier keeps only outcomes.
//!
//! # Game files
//!
//! A game file that gives `tier(pos)` is built by [`build_file`]: its positions are found
//! forward from the start, tier by tier, sorted by their keys (their encodings) and
//! numbered in that order; each tier's keys are written to `tier-K.keys` (LZ4 blocks of
//! 4096 keys behind an index of their first keys, a CRC-32 a block and one for the file in
//! the manifest), and the manifest records the file's name, parameters and source hash.
//! [`open_file`] opens such a database with the file's rules: a position's rank is a
//! binary search over its tier's keys. A file that numbers its tiers itself (`tier_size`,
//! `rank`, `unrank`) is checked on every move by a pass forward from the start, then built
//! as a built-in game is, with no keys: its `rank` places a position and its `unrank`
//! gives the position at a rank.
//!
//! # Moves within a tier
//!
//! A game whose positions repeat lists a tier among its own [`TierGame::child_tiers`];
//! that tier is then solved by retrograde analysis (the module `cycles`), after the tiers
//! its other moves reach. A tier whose moves all leave it takes the plain pass, unchanged.
//! Split across processes ([`build_with`]), the module `loops` does the same with each
//! process holding its own blocks of the tier: reachability by rounds, each process
//! sending the in-tier moves it finds to their owners until no process marks anything new,
//! and the values level by level of remoteness, each level's positions resolved telling
//! their parents' owners; the bytes are those of one process.
//!
//! # Building
//!
//! A forward pass marks the reachable ranks of every tier (one bit per rank); then the
//! tiers are solved from the last down to tier 0, each from the tiers its moves reach
//! (held uncompressed, one byte per rank), in parallel over blocks (rayon). Each tier file is written to a temporary
//! file, synced and renamed, then the manifest (written the same way) records it with its
//! CRC-32: a killed build resumes at the first tier not recorded, after checking the
//! recorded ones, and writes the same bytes (results do not depend on threads or timing).
//! [`build_with`] splits a build across processes (a [`Cluster`], MPI's in the front end):
//! each works on its share of every tier's blocks (by ranks: in a database of scores a
//! block of ranks is two blocks of the file) and holds only its own blocks' values; it
//! solves its blocks of a tier a round of a few blocks at a time, each round from the
//! values its moves reach, fetched from their owners ([`Cluster::all_to_all`]) and dropped
//! before the next, and it sends its compressed blocks to rank 0, which writes the file as
//! they come. The files are the same bytes for any number of processes.
//! In the reachability pass each process holds only its own blocks' bits of a tier, made
//! when the pass first meets it; it expands its blocks in rounds of a few blocks a thread,
//! marks at once the child ranks in its own blocks and sends the others, listed, to their
//! owners after each round ([`Cluster::all_to_all`]), which mark them. Once the tier is
//! expanded its bits are final, and each process writes its share to `DIR/marks/rank-R/`
//! (when the disk has room) and reads it back to solve the tier, so that memory holds its
//! share of the bits of the tiers being marked, not those of the whole game (`marks` is
//! removed at the end).
//! The memory needed (those bits and a round's lists, a tier's values and their compressed
//! copy, and the tiers its moves reach: a process's share of them when split, with what a
//! round fetches) is checked against the [`Budget`] before anything is allocated.
//!
//! # Examples
//!
//! ```
//! use grundy::games::connect_four::ConnectFour;
//! use grundy::tierdb::{build, BuildOptions, Database};
//! use grundy::Outcome;
//!
//! let dir = std::env::temp_dir().join(format!("grundy-doc-tierdb-{}", std::process::id()));
//! let game = ConnectFour::new(4, 3).unwrap();
//! let report = build(&game, &dir, &BuildOptions::default()).unwrap();
//! assert_eq!(report.positions, 12031); // John Tromp's count for 4 x 3
//! let db = Database::open(&dir).unwrap();
//! let answer = db.probe(db.game().parse("11").unwrap()).unwrap().unwrap();
//! assert_eq!(answer.value.outcome, Outcome::Draw);
//! assert_eq!(answer.moves.len(), 4);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```
//!
//! [`Budget`]: crate::limits::Budget

mod above;
mod boards;
mod build;
mod builtin;
mod cluster;
mod connect_four;
mod cycles;
mod database;
mod dots_and_boxes;
mod driver;
mod dyn_game;
mod error;
mod format;
mod game;
mod gems_fight;
mod kept;
mod keys;
mod kiki;
mod layout;
mod line;
mod loops;
mod marks;
mod mnk;
mod scripted;
mod solve;
mod split;
mod team_nim;
mod value;
mod valued;
mod young;

#[cfg(test)]
mod tests;

pub use build::{BuildOptions, BuildProgress, BuildReport};
pub use builtin::{tier_game, TIER_GAMES};
pub use cluster::{Cluster, Local, Solo};
pub use database::{Database, Probe};
pub use driver::{build, build_with};
pub use dyn_game::DbGame;
pub use error::DbError;
pub use game::{End, FileIdentity, Identity, Place, TierGame, Visit};
pub use layout::{BLOCK, FORMAT_VERSION, MANIFEST};
pub use line::Step;
pub use scripted::{build_file, open_file, MAX_TIER};
pub use value::{Gain, Value, Values, MAX_NIMBER, MAX_SCORE};
