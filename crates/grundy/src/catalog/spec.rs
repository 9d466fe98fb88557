//! The families' names and syntax, as `grundy list` shows them.

/// How a family is named and used on the command line.
///
/// # Examples
///
/// ```
/// let spec = &grundy::catalog::SPECS[0];
/// assert_eq!(spec.name, "nim");
/// assert_eq!(spec.param, None);
/// ```
pub struct Spec {
    /// The name, e.g. `subtraction`.
    pub name: &'static str,
    /// The parameter, if any, e.g. `S`.
    pub param: Option<&'static str>,
    /// The position's syntax, e.g. `HEAP...`.
    pub position: &'static str,
    /// One line saying what the game is.
    pub summary: &'static str,
    /// An example command line.
    pub example: &'static str,
}

/// Every family, in the order `grundy list` shows them.
///
/// # Examples
///
/// ```
/// assert!(grundy::catalog::SPECS.iter().any(|s| s.name == "subtraction"));
/// ```
pub const SPECS: &[Spec] = &[
    Spec {
        name: "nim",
        param: None,
        position: "HEAP...",
        summary: "take any number from one heap",
        example: "grundy analyze nim 3 5 7",
    },
    Spec {
        name: "misere-nim",
        param: None,
        position: "HEAP...",
        summary: "Nim, whoever takes the last token loses",
        example: "grundy analyze misere-nim 3 5 1",
    },
    Spec {
        name: "bash",
        param: Some("K"),
        position: "HEAP...",
        summary: "take 1..K from one heap",
        example: "grundy analyze bash 3 10",
    },
    Spec {
        name: "bash-reach",
        param: Some("K"),
        position: "N",
        summary: "write numbers rising by 1..K; writing N or more loses",
        example: "grundy analyze bash-reach 3 30",
    },
    Spec {
        name: "subtraction",
        param: Some("S"),
        position: "HEAP...",
        summary: "take s in S: S = 1,3,4 | !1,2 (all but) | pow2 | fib",
        example: "grundy analyze subtraction 1,3,4 -- 10 12",
    },
    Spec {
        name: "all-but",
        param: Some("S"),
        position: "HEAP...",
        summary: "take any amount except those in S",
        example: "grundy table all-but 1,2 --to 60",
    },
    Spec {
        name: "pow2",
        param: None,
        position: "HEAP...",
        summary: "take a power of two (1, 2, 4, ...)",
        example: "grundy analyze pow2 1000",
    },
    Spec {
        name: "fib-subtraction",
        param: None,
        position: "HEAP...",
        summary: "take a Fibonacci number (1, 2, 3, 5, ...)",
        example: "grundy analyze fib-subtraction 1 4 1",
    },
    Spec {
        name: "lasker",
        param: None,
        position: "HEAP...",
        summary: "take from a heap, or split one into two",
        example: "grundy analyze lasker 3 7 10",
    },
    Spec {
        name: "grundy-game",
        param: None,
        position: "HEAP...",
        summary: "split a heap into two unequal heaps",
        example: "grundy table grundy-game --to 100",
    },
    Spec {
        name: "wythoff",
        param: None,
        position: "A B",
        summary: "take from one heap, or the same from both",
        example: "grundy analyze wythoff 1618033988749894848 2618033988749894848",
    },
    Spec {
        name: "fibonacci-nim",
        param: None,
        position: "N [MAX_TAKE]",
        summary: "take up to twice the last take (first: all but one)",
        example: "grundy analyze fibonacci-nim 100",
    },
    Spec {
        name: "staircase",
        param: None,
        position: "COINS...",
        summary: "move coins from a step (1, 2, ...) to the step below",
        example: "grundy analyze staircase 2 4 3",
    },
    Spec {
        name: "moore",
        param: Some("K"),
        position: "HEAP...",
        summary: "Moore's Nim_K: take from up to K heaps at once",
        example: "grundy analyze moore 2 5 3 7",
    },
    Spec {
        name: "corner",
        param: None,
        position: "X Y",
        summary: "move a coin left, down or diagonally to the corner",
        example: "grundy analyze corner 4 7",
    },
    Spec {
        name: "octal",
        param: Some("CODE"),
        position: "HEAP...",
        summary: "take-and-break by an octal or hex code (or write the code alone: 0.77 3 5)",
        example: "grundy analyze 0.137 -- 10 20",
    },
    Spec {
        name: "kayles",
        param: None,
        position: "HEAP...",
        summary: "knock down one pin or two adjacent pins of a row (0.77)",
        example: "grundy solve kayles 3 5 7",
    },
    Spec {
        name: "dawsons-kayles",
        param: None,
        position: "HEAP...",
        summary: "knock down two adjacent pins of a row (0.07)",
        example: "grundy table dawsons-kayles --to 100",
    },
    Spec {
        name: "sum",
        param: None,
        position: "GAME [PARAM] POS + ...",
        summary: "a sum of the above, by Sprague-Grundy",
        example: "grundy analyze sum nim 3 + bash 2 5 + wythoff 1 2",
    },
];
