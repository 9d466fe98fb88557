//! Why a position has its value: the rule or theorem that applies and the numbers it applies
//! to, as data. Each [`Reason`] writes one line of explanation (`Display`), the line the
//! command line prints after `why:`.

use std::fmt;

use num_bigint::BigUint;
use serde::{Serialize, Serializer};

use crate::octal::period::Verdict;
use crate::sequence::Pattern;
use crate::value::Nimber;

pub use super::terms::{
    BitCount, ElementOf, GenusOf, HeapNimber, QuotientMove, SumComponent, SumMove,
};

/// Why a position has its value: one rule or theorem and the numbers it applies to.
///
/// Serialized with a `reason` tag (`{"reason": "nim_sum", "heaps": [3, 5, 7], "total": 1}`);
/// big integers (Wythoff's heaps) as decimal strings. `Display` writes one line.
///
/// # Examples
///
/// ```
/// use grundy::analysis::Reason;
/// let why = Reason::NimSum { heaps: vec![3, 5, 7], total: 1 };
/// assert_eq!(why.to_string(), "nim-sum 3 ^ 5 ^ 7 = 1");
/// let json = serde_json::to_value(&why).unwrap();
/// assert_eq!(json["reason"], "nim_sum");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Reason {
    /// The XOR of the heaps (Nim).
    NimSum {
        /// The heaps.
        heaps: Vec<u64>,
        /// Their XOR.
        total: u64,
    },
    /// Bouton's theorem: the player to move loses exactly when the nim-sum is 0.
    Bouton,
    /// Misère Nim with a heap of 2 or more: play as in Nim until only 1-heaps would remain.
    MisereLargeHeaps {
        /// How many heaps have 2 or more.
        large: usize,
        /// The heaps.
        heaps: Vec<u64>,
        /// Their nim-sum.
        total: u64,
    },
    /// Misère Nim with heaps of 0 and 1 only: the player to move wins on an even count of 1s.
    MisereSmallHeaps {
        /// How many heaps of 1.
        ones: usize,
    },
    /// Bouton's misère rule.
    BoutonMisere,
    /// Misère play: every heap is tame, so the sum's genus is found from theirs.
    TameGenera {
        /// The heaps and their genera.
        heaps: Vec<GenusOf>,
        /// The sum's genus.
        sum: String,
    },
    /// Conway's theorem on tame games.
    ConwayTame,
    /// Misère play: some heap is not tame, so the sum was searched whole.
    MisereSearched {
        /// The heaps that are not tame, with their genera.
        wild: Vec<GenusOf>,
        /// The sum's genus, from the search.
        sum: String,
        /// How many sums the search stored.
        searched: usize,
    },
    /// The misère outcome from the misère Grundy value.
    MisereValue,
    /// Misère play: the sum answered by the misère quotient of its heap game's heaps up to
    /// a bound (Plambeck and Siegel 2008), proved for every sum of such heaps.
    MisereQuotient {
        /// The code whose quotient it is, written canonically.
        code: String,
        /// The heap bound of the quotient.
        max_heap: usize,
        /// Its number of elements.
        order: usize,
        /// Each heap size of the sum, how many heaps have it, and its element.
        heaps: Vec<ElementOf>,
        /// The product of the heaps' elements.
        product: String,
        /// Whether the product lies in the P-portion.
        in_p: bool,
        /// The elements of the P-portion.
        p_portion: Vec<String>,
    },
    /// The misère quotient's rule for outcomes and winning moves.
    QuotientRule,
    /// Misère play: the winning moves found by the misère quotient, each leaving a product
    /// in the P-portion.
    QuotientMoves {
        /// The moves, each with the product it leaves.
        moves: Vec<QuotientMove>,
    },
    /// The misère quotient was not computed (its budget ran out), so the sum was searched.
    QuotientNotFound {
        /// Why, in one line.
        why: String,
    },
    /// Staircase Nim: the nim-sum of the odd steps.
    StaircaseOddSteps {
        /// Coins on steps 1, 3, 5, ...
        odd_steps: Vec<u64>,
        /// Their XOR.
        total: u64,
    },
    /// Staircase Nim: coins on even steps do not count.
    StaircaseReversible,
    /// Moore's Nim: how many heaps have each bit set.
    MooreBitCounts {
        /// One count per bit, highest bit first.
        counts: Vec<BitCount>,
    },
    /// Moore's theorem: the player to move loses exactly when every count is divisible by
    /// `K + 1`.
    Moore {
        /// `K + 1`.
        modulus: u64,
    },
    /// Sprague-Grundy over heaps: the value of a row of heaps is the XOR of theirs.
    HeapXor {
        /// Each heap with its Grundy value.
        heaps: Vec<HeapNimber>,
        /// Their XOR.
        total: Nimber,
    },
    /// The Bash game's closed form `G(n) = n mod (K + 1)`.
    BashFormula {
        /// `K + 1`.
        modulus: u64,
    },
    /// Lasker's Nim's closed form.
    LaskerFormula,
    /// Subtracting powers of two: `G(n) = n mod 3`.
    PowersOfTwo,
    /// A heap beyond the table got its value from a proved period.
    Period {
        /// How many values were computed (heaps `0..tabulated`).
        tabulated: usize,
        /// The period and its proof.
        pattern: Pattern,
    },
    /// A code's heaps valued by the octal engine: the values computed, and the verdict on
    /// their period (a proved period gives the values of larger heaps).
    OctalValues {
        /// The code.
        code: String,
        /// How many values were computed (heaps `0..computed`).
        computed: usize,
        /// The octal engine's verdict, as `grundy octal` gives it.
        verdict: Verdict,
    },
    /// Heaps too large to list their splits (Lasker's Nim): every winning take is listed
    /// (by the inverse of the closed form), the winning splits are not, so the winning moves
    /// shown may not be all.
    PartialMoves {
        /// The largest heap whose splits are listed.
        heaps_above: u64,
    },
    /// A row whose heaps have more moves in all than are enumerated: the winning moves shown
    /// are those of the heaps listed before the limit was reached.
    PartialRow {
        /// The most moves enumerated for one row.
        moves: u64,
    },
    /// Bash, reach N and lose, is the Bash game on a heap of `N - 1`.
    BashReach {
        /// `N - 1`.
        heap: u64,
        /// K.
        max_take: u64,
    },
    /// The Bash rule applied to `N - 1`: the player to move loses exactly on remainder 0.
    BashReachRule {
        /// `N - 1`.
        heap: u64,
        /// `K + 1`.
        modulus: u64,
        /// `heap mod modulus`.
        remainder: u64,
    },
    /// The corner game: P-positions have both distances even.
    CornerParity {
        /// The first distance.
        x: u64,
        /// The second distance.
        y: u64,
    },
    /// Wythoff's theorem: P-positions are the Beatty pairs.
    BeattyPairs,
    /// The Beatty pair with this position's difference.
    BeattyDifference {
        /// `|a - b|`.
        #[serde(serialize_with = "decimal")]
        difference: BigUint,
        /// The smaller heap of the pair with that difference.
        #[serde(serialize_with = "decimal")]
        low: BigUint,
        /// The larger heap of that pair.
        #[serde(serialize_with = "decimal")]
        high: BigUint,
        /// True when the position is that pair.
        is_pair: bool,
    },
    /// The Beatty pair a heap belongs to.
    BeattyPartner {
        /// The heap.
        heap: u64,
        /// The pair's index.
        k: u128,
        /// The other heap of the pair.
        partner: u128,
    },
    /// Zeckendorf's representation of a heap (distinct non-consecutive Fibonacci numbers).
    Zeckendorf {
        /// The heap.
        heap: u64,
        /// Its terms, largest first.
        terms: Vec<u64>,
    },
    /// Fibonacci Nim (Whinihan 1963): taking the smallest Zeckendorf term wins when allowed.
    ZeckendorfSmallest {
        /// The smallest term.
        smallest: u64,
        /// The most the player to move may take.
        max_take: u64,
    },
    /// A sum's components and their Grundy values.
    SumComponents {
        /// The components.
        components: Vec<SumComponent>,
    },
    /// Sprague-Grundy: a sum's value is the XOR of its components'.
    SumXor {
        /// The XOR.
        total: Nimber,
    },
    /// The winning moves of a sum: a move in a component of value `v` to a position of
    /// value `v ^ total` leaves an XOR of 0 (one exists where `v ^ total < v`, by the mex
    /// rule; where `v ^ total > v`, where the component has such an option).
    SumMoves {
        /// The sum's value.
        total: Nimber,
        /// One entry per component with a winning move.
        moves: Vec<SumMove>,
    },
}

fn decimal<S: Serializer>(value: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// `items` written with `Display`, separated by `sep`.
fn joined<T: fmt::Display>(items: &[T], sep: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NimSum { heaps, total } => write!(f, "nim-sum {} = {total}", joined(heaps, " ^ ")),
            Reason::Bouton => f.write_str("Bouton: the player to move loses exactly when the nim-sum is 0; a winning move lowers a heap h to h ^ nim-sum"),
            Reason::MisereLargeHeaps { large, heaps, total } => write!(
                f,
                "{large} heap(s) of 2 or more: play as in Nim (nim-sum {} = {total}) until only 1-heaps would remain, then leave an odd number of them",
                joined(heaps, " ^ ")
            ),
            Reason::MisereSmallHeaps { ones } => write!(
                f,
                "every heap is 0 or 1: {ones} heap(s) of 1; the player to move wins exactly when that is even"
            ),
            Reason::BoutonMisere => f.write_str("Bouton's misère rule (1901)"),
            Reason::TameGenera { heaps, sum } => write!(
                f,
                "every heap is tame (each position it reaches has a tame genus): {}; the sum's genus is {sum}",
                joined(heaps, ", ")
            ),
            Reason::ConwayTame => f.write_str("Conway's theorem on tame games (On Numbers and Games, ch. 12; Winning Ways, ch. 13): a sum of tame games plays like the misère Nim position their genera stand for, no search needed; the player to move loses exactly when the first exponent (the misère value) is 0"),
            Reason::MisereSearched { wild, sum, searched } => write!(
                f,
                "not every heap is tame ({}), so no theorem decides the sum: it was searched whole ({searched} sums stored); its genus is {sum}",
                joined(wild, ", ")
            ),
            Reason::MisereValue => f.write_str("the player to move loses exactly when the misère Grundy value (the genus' first exponent) is 0"),
            Reason::MisereQuotient { code, max_heap, order, heaps, product, in_p, p_portion } => {
                let p = match p_portion.len() {
                    0..=8 => format!("{{{}}}", p_portion.join(", ")),
                    n => format!("({n} of the {order} elements)"),
                };
                write!(
                    f,
                    "the misère quotient of {code} for heaps up to {max_heap} (order {order}, proved for every sum of such heaps): {}; their product is {product}, {} the P-portion {p}",
                    joined(heaps, ", "),
                    if *in_p { "in" } else { "not in" }
                )
            }
            Reason::QuotientRule => f.write_str("Plambeck and Siegel, misère quotients (2008): a sum of heaps within the bound is lost for the player to move exactly when the product of its heaps' elements lies in the P-portion; a winning move leaves a product in the P-portion"),
            Reason::QuotientMoves { moves } => write!(
                f,
                "winning moves, each leaving a product in the P-portion: {}",
                joined(moves, "; ")
            ),
            Reason::QuotientNotFound { why } => write!(f, "no misère quotient answers this sum ({why})"),
            Reason::StaircaseOddSteps { odd_steps, total } => write!(
                f,
                "only the odd steps count: nim-sum of steps 1, 3, 5, ... = {} = {total}",
                joined(odd_steps, " ^ ")
            ),
            Reason::StaircaseReversible => f.write_str("coins moved from an even step can be moved straight back down, so even steps are reversible"),
            Reason::MooreBitCounts { counts } => {
                write!(f, "heaps with each bit set: {}", joined(counts, ", "))
            }
            Reason::Moore { modulus } => write!(
                f,
                "Moore: the player to move loses exactly when every count is divisible by K + 1 = {modulus}"
            ),
            Reason::HeapXor { heaps, total } => write!(
                f,
                "{}; XOR = {} (Sprague-Grundy: the player to move loses exactly when it is 0)",
                joined(heaps, ", "),
                total.0
            ),
            Reason::BashFormula { modulus } => write!(f, "Bash: G(n) = n mod {modulus}"),
            Reason::LaskerFormula => f.write_str(
                "Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3",
            ),
            Reason::PowersOfTwo => f.write_str(
                "powers of two: G(n) = n mod 3 (no power of two is a multiple of 3)",
            ),
            Reason::Period { tabulated, pattern } => write!(
                f,
                "beyond the table of {tabulated} values: G is {}",
                pattern.describe()
            ),
            Reason::OctalValues {
                code,
                computed,
                verdict,
            } => write!(
                f,
                "{code}: G(0) .. G({}) by the octal engine; {verdict}",
                computed.saturating_sub(1)
            ),
            Reason::PartialMoves { heaps_above } => write!(
                f,
                "splits of heaps above {heaps_above} were not enumerated (every take is listed): the list of winning moves may be partial"
            ),
            Reason::PartialRow { moves } => write!(
                f,
                "the row's heaps have more than {moves} moves in all; the moves of the later heaps were not enumerated: the list of winning moves is partial"
            ),
            Reason::BashReach { heap, max_take } => write!(
                f,
                "this is the Bash game on a heap of N - 1 = {heap}, taking 1..{max_take}"
            ),
            Reason::BashReachRule { heap, modulus, remainder } => write!(
                f,
                "{heap} mod {modulus} = {remainder}: the player to move loses exactly on 0; winning replies keep the written number ≡ N - 1 (mod {modulus})"
            ),
            Reason::CornerParity { x, y } => write!(
                f,
                "P-positions are the cells with both distances even; here X is {} and Y is {}",
                parity(*x),
                parity(*y)
            ),
            Reason::BeattyPairs => f.write_str("P-positions are the Beatty pairs (a_k, b_k) = (floor(k φ), floor(k φ²)) = ((k + isqrt(5k²)) / 2, a_k + k), in exact integers"),
            Reason::BeattyDifference { difference, low, high, is_pair } => write!(
                f,
                "the difference is {difference}, and the pair with difference k = {difference} is ({low}, {high}): {}",
                if *is_pair { "this position is that pair" } else { "this position is not a P-position" }
            ),
            Reason::BeattyPartner { heap, k, partner } => {
                write!(f, "heap {heap} belongs to the pair k = {k}, with partner {partner}")
            }
            Reason::Zeckendorf { heap, terms } => {
                write!(f, "Zeckendorf: {heap} = {}", joined(terms, " + "))
            }
            Reason::ZeckendorfSmallest { smallest, max_take } => write!(
                f,
                "the smallest term {smallest} is {} the most the player to move may take ({max_take}); taking it wins exactly when it is allowed",
                if smallest <= max_take { "at most" } else { "more than" }
            ),
            Reason::SumComponents { components } => {
                write!(f, "components: {}", joined(components, ", "))
            }
            Reason::SumXor { total } => write!(
                f,
                "Sprague-Grundy: the sum's value is their XOR = {}",
                total.0
            ),
            Reason::SumMoves { total, moves } => write!(
                f,
                "a winning move takes a component of value v to v ^ {}: {}",
                total.0,
                joined(moves, "; ")
            ),
        }
    }
}

fn parity(n: u64) -> &'static str {
    if n.is_multiple_of(2) {
        "even"
    } else {
        "odd"
    }
}
