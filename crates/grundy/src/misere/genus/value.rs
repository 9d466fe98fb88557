//! [`Genus`]: a game's normal value and its misère values with copies of `*2` added, as
//! Conway writes them (`0^120`, `4^146`), found from the genera of the game's options.

use std::fmt;

use crate::value::Nimber;

/// The genus of an impartial game `G`: its normal value `g` and the exponents
/// `g0 g1 g2 ...`, where `gk` is the misère Grundy value of `G + *2 + ... + *2` (`k`
/// copies of `*2`). The misère Grundy value of a position with no move is 1, of any other
/// the mex of its options' (so `g0 = 0` exactly when the player to move loses in misère
/// play).
///
/// The exponents settle into alternating between two values; they are kept, and written,
/// up to the last one that differs from the one two places before it (and at least two of
/// them), as Winning Ways (chapter 13) and CGSuite write a genus: `0^120` for the empty
/// game (exponents `1 2 0 2 0 ...`), `1^031` for `*1`, `2^20` for `*2`. An exponent of 10 or
/// more writes them in brackets with commas, `12^(12,14)`, as CGSuite does.
///
/// # Examples
///
/// ```
/// use grundy::misere::genus::Genus;
/// let zero = Genus::of_options(&[]);
/// assert_eq!(zero.to_string(), "0^120");
/// let one = Genus::of_options(&[zero.clone()]);
/// assert_eq!(one.to_string(), "1^031");
/// let two = Genus::of_options(&[zero, one]);
/// assert_eq!((two.to_string(), two.misere()), ("2^20".to_string(), 2));
/// assert_eq!((two.exponent(5), two.exponent(6)), (0, 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: u64,
    /// At least two; the rest alternates between the last two.
    exponents: Vec<u64>,
}

/// The mex of `values`.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    Nimber::mex(values.into_iter().map(Nimber)).0
}

impl Genus {
    /// The genus of a game whose options have the genera `options` (none: the game with no
    /// move, `0^120`).
    ///
    /// Its normal value is the mex of theirs and `g0` the mex of their `g0`s (1 when there
    /// are none). For `k >= 1`, the options of `G + k*2` are `G' + k*2`, `G + (k-1)*2` and
    /// `G + (k-1)*2 + *1`, whose misère values are `g'k`, `g(k-1)` and `g(k-1) xor 1`
    /// (adding `*1` toggles the last bit of a misère Grundy value), so
    /// `gk = mex({g(k-1), g(k-1) xor 1} + {g'k})`. The exponents are found two past the
    /// longest of the options', where they alternate (Conway, On Numbers and Games,
    /// chapter 12), and cut as [`Genus`] says.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// // Kayles' heap of 1 (to the empty heap) and of 2 (to 1, or to nothing).
    /// let zero = Genus::of_options(&[]);
    /// let one = Genus::of_options(&[zero.clone()]);
    /// let two = Genus::of_options(&[one.clone(), zero.clone()]);
    /// assert_eq!(two.to_string(), "2^20");
    /// // A game whose only option is *1 + *1 (genus 0^120, as for the empty game).
    /// assert_eq!(Genus::of_options(&[zero]).to_string(), "1^031");
    /// ```
    pub fn of_options(options: &[Genus]) -> Genus {
        if options.is_empty() {
            return Genus {
                normal: 0,
                exponents: vec![1, 2, 0],
            };
        }
        let normal = mex(options.iter().map(|g| g.normal));
        let longest = options.iter().map(|g| g.exponents.len() - 1).max();
        let last = longest.unwrap_or(0).max(1) + 2;
        let mut exponents = Vec::with_capacity(last + 1);
        exponents.push(mex(options.iter().map(|g| g.exponent(0))));
        for k in 1..=last {
            let before = exponents[k - 1];
            let through = options.iter().map(|g| g.exponent(k));
            exponents.push(mex(through.chain([before, before ^ 1])));
        }
        Genus::cut(normal, exponents)
    }

    /// A genus from its normal value and exponents `g0 g1 ...` (at least two; the rest
    /// taken to alternate between the last two), cut as [`Genus`] says. `None` with fewer
    /// than two exponents.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// let g = Genus::new(4, vec![1, 4, 6, 4, 6]).unwrap();
    /// assert_eq!(g.to_string(), "4^146");
    /// assert_eq!(g.exponents(), [1, 4, 6]);
    /// assert!(Genus::new(0, vec![1]).is_none());
    /// ```
    pub fn new(normal: u64, exponents: Vec<u64>) -> Option<Genus> {
        (exponents.len() >= 2).then(|| Genus::cut(normal, exponents))
    }

    fn cut(normal: u64, mut exponents: Vec<u64>) -> Genus {
        while exponents.len() > 2
            && exponents[exponents.len() - 1] == exponents[exponents.len() - 3]
        {
            exponents.pop();
        }
        Genus { normal, exponents }
    }

    /// The normal-play Grundy value (the nimber).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// assert_eq!(Genus::new(4, vec![1, 4, 6]).unwrap().normal(), 4);
    /// ```
    pub fn normal(&self) -> u64 {
        self.normal
    }

    /// The misère Grundy value `g0`: 0 exactly when the player to move loses in misère play.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// assert_eq!(Genus::of_options(&[]).misere(), 1);
    /// ```
    pub fn misere(&self) -> u64 {
        self.exponents[0]
    }

    /// The exponents as written (at least two).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// assert_eq!(Genus::of_options(&[]).exponents(), [1, 2, 0]);
    /// ```
    pub fn exponents(&self) -> &[u64] {
        &self.exponents
    }

    /// The exponent `gk`, for any `k`: past the written ones, the last two alternate.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// let zero = Genus::of_options(&[]);
    /// assert_eq!((0..6).map(|k| zero.exponent(k)).collect::<Vec<_>>(), [1, 2, 0, 2, 0, 2]);
    /// ```
    pub fn exponent(&self, k: usize) -> u64 {
        let len = self.exponents.len();
        if k < len {
            self.exponents[k]
        } else {
            self.exponents[len - 2 + ((len ^ k) & 1)]
        }
    }

    /// Whether the genus is a tame one, that of a position of misère Nim: `0^120` or
    /// `1^031` (fickle: like no heap, or a heap of 1) or `a^(a, a xor 2)` (firm: like a
    /// heap of `a >= 2`, or `*2 + *2` for 0, `*2 + *3` for 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// assert!(Genus::new(0, vec![1, 2, 0]).unwrap().is_tame());
    /// assert!(Genus::new(1, vec![1, 3]).unwrap().is_tame());
    /// assert!(!Genus::new(4, vec![1, 4, 6]).unwrap().is_tame());
    /// ```
    pub fn is_tame(&self) -> bool {
        self.is_fickle() || self.exponents == [self.normal, self.normal ^ 2]
    }

    /// Whether the genus is `0^120` or `1^031`, a fickle one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// assert!(Genus::new(1, vec![0, 3, 1]).unwrap().is_fickle());
    /// assert!(!Genus::new(0, vec![0, 2]).unwrap().is_fickle());
    /// ```
    pub fn is_fickle(&self) -> bool {
        match self.normal {
            0 => self.exponents == [1, 2, 0],
            1 => self.exponents == [0, 3, 1],
            _ => false,
        }
    }

    /// The genus of a sum of tame games, from theirs: the genus of the misère Nim position
    /// they stand for. When every part is fickle, the sum is fickle (`0^120` or `1^031` as the
    /// nim-sum is 0 or 1); else it is firm, `s^(s, s xor 2)` for the nim-sum `s`. `None` when a
    /// genus is not tame.
    ///
    /// This is Conway's theorem on tame games (On Numbers and Games, chapter 12; Winning
    /// Ways, chapter 13, "Tame games"): a game every position of which has a tame genus plays
    /// like a misère Nim position in sums with such games. It holds only for such games (not
    /// for a game whose own genus is tame but some position's is not), which the caller must
    /// know: `Genera` checks it heap by heap.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genus;
    /// let g = |n, e: &[u64]| Genus::new(n, e.to_vec()).unwrap();
    /// let (one, two, three) = (g(1, &[0, 3, 1]), g(2, &[2, 0]), g(3, &[3, 1]));
    /// assert_eq!(Genus::tame_sum([&one, &one]).unwrap().to_string(), "0^120");
    /// assert_eq!(Genus::tame_sum([&two, &three]).unwrap().to_string(), "1^13");
    /// assert_eq!(Genus::tame_sum([&two, &two, &one]).unwrap().to_string(), "1^13");
    /// assert!(Genus::tame_sum([&g(4, &[1, 4, 6])]).is_none());
    /// ```
    pub fn tame_sum<'a>(parts: impl IntoIterator<Item = &'a Genus>) -> Option<Genus> {
        let (mut sum, mut fickle) = (0, true);
        for part in parts {
            if !part.is_tame() {
                return None;
            }
            sum ^= part.normal;
            fickle &= part.is_fickle();
        }
        let exponents = match (fickle, sum) {
            (true, 0) => vec![1, 2, 0],
            (true, _) => vec![0, 3, 1],
            (false, s) => vec![s, s ^ 2],
        };
        Some(Genus {
            normal: sum,
            exponents,
        })
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.exponents.iter().any(|&e| e >= 10) {
            let parts: Vec<String> = self.exponents.iter().map(u64::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            self.exponents.iter().try_for_each(|e| write!(f, "{e}"))
        }
    }
}
