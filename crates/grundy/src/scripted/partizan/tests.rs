//! The partizan search against the algebra's own Domineering (`cgt::domineering`, itself
//! tested against the plain game tree), an impartial game read as partizan against its
//! nimbers, and its refusals: cycles, budgets, cancellation, failing rules.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::*;
use crate::cgt::domineering::{Domineering, Grid};
use crate::cgt::loopy::{LoopyGame, LoopyOutcomeClass, SidedValue, MAX_POSITIONS};
use crate::cgt::{Dyadic, Nus};
use crate::limits::SolveError;
use crate::scripted::RuleMove;

/// Domineering on a grid of `WIDTH` columns, a position the free cells' bits; with
/// `split`, its components are its connected regions (as bits of the same grid).
struct Board {
    width: u32,
    height: u32,
    split: bool,
}

impl Board {
    fn cells(&self, pos: &Datum) -> Result<u64, String> {
        pos.as_int()
            .and_then(|bits| u64::try_from(bits).ok())
            .ok_or_else(|| "a position is the free cells' bits".to_string())
    }
}

impl Rules for Board {
    fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
        Err("Domineering is partizan".into())
    }

    fn options(
        &self,
        pos: &Datum,
        side: Side,
        _: bool,
        out: &mut Vec<RuleMove>,
    ) -> Result<(), String> {
        let free = self.cells(pos)?;
        let step = if side == Side::Left { self.width } else { 1 };
        for p in 0..self.width * self.height {
            let q = p + step;
            if side == Side::Right && p % self.width == self.width - 1 {
                continue;
            }
            if q < self.width * self.height && free >> p & 1 == 1 && free >> q & 1 == 1 {
                let after = free & !(1 << p) & !(1 << q);
                out.push(RuleMove::to(Datum::Int(after as i64)));
            }
        }
        Ok(())
    }

    fn has_components(&self) -> bool {
        self.split
    }

    fn components(&self, pos: &Datum, out: &mut Vec<Datum>) -> Result<(), String> {
        let mut rest = self.cells(pos)?;
        let w = self.width;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let mut grown = region;
                for p in 0..w * self.height {
                    if region >> p & 1 == 0 {
                        continue;
                    }
                    for q in [p + 1, p + w, p.wrapping_sub(1), p.wrapping_sub(w)] {
                        let beside = q == p + w || q == p.wrapping_sub(w) || q / w == p / w;
                        if q < w * self.height && beside {
                            grown |= rest & (1 << q);
                        }
                    }
                }
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            out.push(Datum::Int(region as i64));
        }
        Ok(())
    }
}

fn board(width: u32, height: u32, split: bool) -> PartizanGame<Board> {
    let info = GameInfo::new("domineering", Kind::Partizan);
    PartizanGame::new(
        Board {
            width,
            height,
            split,
        },
        info,
    )
}

/// Every subset of the 3x3, 4x2 and 2x3 grids, with and without components, against the
/// algebra's Domineering.
#[test]
fn domineering_by_rules_agrees_with_the_algebra() {
    let mut arena = Arena::new();
    let mut reference = Domineering::default();
    let budget = Budget::default();
    let mut checked = 0;
    for (w, h) in [(3u32, 3u32), (4, 2), (2, 3)] {
        for split in [false, true] {
            let game = board(w, h, split);
            let partizan = game.partizan().unwrap();
            for free in 0..1u64 << (w * h) {
                let g = partizan
                    .canonical(&Datum::Int(free as i64), &mut arena, &budget)
                    .unwrap();
                let grid = Grid::new(w as u8, h as u8, free).unwrap();
                assert_eq!(
                    g,
                    reference.value(&mut arena, grid).unwrap(),
                    "{w}x{h} {free:b}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (512 + 256 + 64));
}

/// The subtraction game {1, 2} read as partizan (the default `options`: both players
/// have its moves) is `*(n mod 3)`.
#[test]
fn an_impartial_game_read_as_partizan_is_its_nimber() {
    struct Take12;
    impl Rules for Take12 {
        fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
            let n = pos.as_int().ok_or("a heap")?;
            out.extend((1..=2.min(n)).map(|k| RuleMove::to(Datum::Int(n - k))));
            Ok(())
        }
    }
    let game = PartizanGame::new(Take12, GameInfo::new("take", Kind::Partizan));
    let mut arena = Arena::new();
    for n in 0..30i64 {
        let g = game
            .canonical(&Datum::Int(n), &mut arena, &Budget::default())
            .unwrap();
        let nimber = (n % 3) as u64;
        assert_eq!(arena.as_nus(g), Some(Nus::new(Dyadic::ZERO, 0, nimber)));
    }
}

/// A long chain (a Hackenbush string of 100,000 blue edges is the integer 100,000): the
/// search runs on its own stack, not the call stack.
#[test]
fn a_long_chain_is_searched_without_recursion() {
    struct Chain;
    impl Rules for Chain {
        fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
            Err("partizan".into())
        }
        fn options(
            &self,
            pos: &Datum,
            side: Side,
            _: bool,
            out: &mut Vec<RuleMove>,
        ) -> Result<(), String> {
            let n = pos.as_int().ok_or("an integer")?;
            if side == Side::Left && n > 0 {
                out.push(RuleMove::to(Datum::Int(n - 1)));
            }
            Ok(())
        }
    }
    let game = PartizanGame::new(Chain, GameInfo::new("chain", Kind::Partizan));
    let mut arena = Arena::new();
    let g = game
        .canonical(&Datum::Int(100_000), &mut arena, &Budget::default())
        .unwrap();
    assert_eq!(arena.as_number(g), Some(Dyadic::integer(100_000)));
}

/// Rules that move from `n` to `n + 1` (mod 3) for both players: a cycle.
struct Cycle;

impl Rules for Cycle {
    fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
        let n = pos.as_int().ok_or("an integer")?;
        if n == 7 {
            return Err("no moves from 7".into());
        }
        out.push(RuleMove::to(Datum::Int((n + 1) % 3)));
        Ok(())
    }
}

#[test]
fn refusals_name_the_cycle_the_failure_and_the_limit() {
    let game = PartizanGame::new(Cycle, GameInfo::new("cycle.luau", Kind::Partizan));
    let mut arena = Arena::new();
    let budget = Budget::default();
    let err = game
        .canonical(&Datum::Int(0), &mut arena, &budget)
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cycle.luau: position 0 repeats"),
        "{err}"
    );
    let err = game
        .canonical(&Datum::Int(7), &mut arena, &budget)
        .unwrap_err();
    assert_eq!(err.to_string(), "no moves from 7 (in left, at position 7)");
    let small = Budget::default().with_positions(2);
    let err = game
        .canonical(&Datum::Int(0), &mut arena, &small)
        .unwrap_err();
    assert_eq!(
        err,
        DynError::Solve(SolveError::TooLarge {
            needed: 3,
            limit: 2,
            unit: "positions"
        })
    );
    let tiny = Budget::default().with_bytes(100);
    let err = game
        .canonical(&Datum::Int(0), &mut arena, &tiny)
        .unwrap_err();
    assert!(matches!(
        err,
        DynError::Solve(SolveError::TooLarge { unit: "bytes", .. })
    ));
    let cancelled = Budget::default().with_cancel(Arc::new(AtomicBool::new(true)));
    let err = game
        .canonical(&Datum::Int(0), &mut arena, &cancelled)
        .unwrap_err();
    assert_eq!(err, DynError::Solve(SolveError::Interrupted));
    assert_eq!(game.solve(&Datum::Int(0), &budget), Err(DynError::NoTurn));
    assert_eq!(game.moves(&Datum::Int(0)), Err(DynError::NoTurn));
}

/// A move with points or a bonus turn is refused, naming the move and the player.
#[test]
fn moves_with_points_are_refused() {
    struct Points;
    impl Rules for Points {
        fn moves(&self, _: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
            out.push(RuleMove {
                points: 2,
                ..RuleMove::to(Datum::Int(0))
            });
            Ok(())
        }
    }
    let game = PartizanGame::new(Points, GameInfo::new("points.luau", Kind::Partizan));
    let err = game
        .canonical(&Datum::Int(1), &mut Arena::new(), &Budget::default())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "points.luau: move 1 from 1 (left of Left) earns points, but a partizan game has none \
         (its value is a canonical form)"
    );
}

/// Both players move `n` to `n + 1` (mod 3): no one is ever stuck, so every play is a draw
/// and the value is `dud = on & off` (Winning Ways, ch. 11: the deathless universal draw).
#[test]
fn a_cycle_is_valued_as_a_loopy_game() {
    let game = PartizanGame::new(Cycle, GameInfo::new("cycle.luau", Kind::Partizan));
    let g = game.loopy(&Datum::Int(0), &Budget::default()).unwrap();
    let by_hand = LoopyGame::new(
        &[(vec![1], vec![1]), (vec![2], vec![2]), (vec![0], vec![0])],
        0,
    )
    .unwrap();
    assert_eq!(g, by_hand);
    assert_eq!(g.outcome(), LoopyOutcomeClass::D);
    assert_eq!(SidedValue::of(&g).unwrap().to_string(), "dud");
    assert!(g.sided_geq(&LoopyGame::dud()).unwrap() && LoopyGame::dud().sided_geq(&g).unwrap());
}

/// Left counts up for ever, Right goes back to 0: past the loopy module's MAX_POSITIONS
/// the graph is refused with the count reached, before it is valued.
struct Climb;

impl Rules for Climb {
    fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
        Err("partizan".into())
    }
    fn options(
        &self,
        pos: &Datum,
        side: Side,
        _: bool,
        out: &mut Vec<RuleMove>,
    ) -> Result<(), String> {
        let n = pos.as_int().ok_or("an integer")?;
        let to = if side == Side::Left { n + 1 } else { 0 };
        out.push(RuleMove::to(Datum::Int(to)));
        Ok(())
    }
}

#[test]
fn a_loopy_graph_past_max_positions_is_refused_with_its_count() {
    let game = PartizanGame::new(Climb, GameInfo::new("climb.luau", Kind::Partizan));
    let err = game.loopy(&Datum::Int(0), &Budget::default()).unwrap_err();
    let needed = MAX_POSITIONS + 1;
    assert!(
        err.to_string()
            .starts_with(&format!("the game needs {needed} positions")),
        "{err}"
    );
}
