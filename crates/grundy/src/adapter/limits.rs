//! How far the adapter searches before it skips remoteness, falls back to a closed form or
//! refuses a position.

/// The most positions the whole-position remoteness search may store when remoteness was
/// not asked for (or the budget's positions, if fewer); past it, remoteness is skipped.
pub const REMOTENESS_POSITIONS: u64 = 1 << 18;

/// The moves the remoteness search may list when remoteness was not asked for, if the
/// value's own search listed fewer (else as many as it did): small games always get their
/// remoteness, a large one spends on it at most what its value cost.
pub const REMOTENESS_WORK: u64 = 1 << 18;

/// The most moves the Grundy solver may list for a game that also has a closed form for
/// outcomes (or the budget's work limit, if less): past it the formula answers the outcome
/// and the nimbers are left out. Wythoff's game at (1000, 1618) fits the positions limit but
/// lists some 2 * 10^9 moves; this stops it in about a second.
pub const NIMBER_WORK: u64 = 1 << 26;

/// The most moves of a principal line.
pub const MAX_LINE: usize = 1_000;

/// The most moves a principal line chosen by outcomes through a closed form looks at (the
/// loser's side looks at every move of its positions): 2^22, as many as a position may
/// list ([`MAX_MOVES`]), some 30 ms; the line stops there, short of the end.
pub const LINE_WORK: u64 = 1 << 22;

/// The most moves a position may have for [`DynGame::moves`] and [`DynGame::solve`] to
/// list them (each with a label): 2^22; a game that bounds its moves
/// ([`Game::max_moves`]) is refused past it before any is listed.
///
/// [`DynGame::moves`]: crate::dynamic::DynGame::moves
/// [`DynGame::solve`]: crate::dynamic::DynGame::solve
/// [`Game::max_moves`]: crate::model::Game::max_moves
pub const MAX_MOVES: u64 = 1 << 22;
