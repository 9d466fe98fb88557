//! Positions and moves as plain data: what a front end stores, sends and compares.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A position as plain data: what a front end stores, sends and compares.
///
/// Serialized untagged, so JSON is natural: `[3, 5, 7]` is a list of three integers.
/// `Display` writes the same JSON-like text.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Datum;
/// let heaps = Datum::ints([3, 5, 7]);
/// assert_eq!(heaps.to_string(), "[3, 5, 7]");
/// let back: Datum = serde_json::from_str("[3, 5, 7]").unwrap();
/// assert_eq!(back, heaps);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Datum {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// A list of data.
    List(Vec<Datum>),
}

impl Datum {
    /// A list of integers.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::ints([1, 2]), Datum::List(vec![Datum::Int(1), Datum::Int(2)]));
    /// ```
    pub fn ints<I: IntoIterator<Item = i64>>(values: I) -> Datum {
        Datum::List(values.into_iter().map(Datum::Int).collect())
    }

    /// The integer, if this is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::Int(4).as_int(), Some(4));
    /// assert_eq!(Datum::Bool(true).as_int(), None);
    /// ```
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Datum::Int(value) => Some(*value),
            _ => None,
        }
    }

    /// The items, if this is a list.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::ints([7]).as_list().map(|l| l.len()), Some(1));
    /// ```
    pub fn as_list(&self) -> Option<&[Datum]> {
        match self {
            Datum::List(items) => Some(items),
            _ => None,
        }
    }

    /// The datum as an error message quotes it: whole when its text is at most 64
    /// characters, else its first 64 characters and its length (the cut of
    /// [`crate::text::quoted`]), so a huge position never floods a message.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::ints([1, 2]).brief(), "[1, 2]");
    /// let long = Datum::ints(vec![1; 1000]).brief();
    /// assert!(long.starts_with("[1, 1, ") && long.ends_with("... (3000 bytes)"), "{long}");
    /// ```
    pub fn brief(&self) -> String {
        const SHOWN: usize = 64;
        let text = self.to_string();
        if text.chars().count() <= SHOWN {
            return text;
        }
        let prefix: String = text.chars().take(SHOWN).collect();
        format!("{prefix}... ({} bytes)", text.len())
    }

    /// About how many bytes the datum takes in memory: each node and each string's bytes.
    /// A front end multiplies it by a move count to bound a move list before listing it.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// let node = std::mem::size_of::<Datum>() as u64;
    /// assert_eq!(Datum::ints([1, 2]).weight(), 3 * node);
    /// assert_eq!(Datum::Str("abc".into()).weight(), node + 3);
    /// ```
    pub fn weight(&self) -> u64 {
        let node = std::mem::size_of::<Datum>() as u64;
        match self {
            Datum::Bool(_) | Datum::Int(_) => node,
            Datum::Str(text) => node + text.len() as u64,
            Datum::List(items) => items.iter().fold(node, |sum, item| sum + item.weight()),
        }
    }
}

impl fmt::Display for Datum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Datum::Bool(value) => write!(f, "{value}"),
            Datum::Int(value) => write!(f, "{value}"),
            Datum::Str(text) => write!(f, "{text:?}"),
            Datum::List(items) => {
                f.write_str("[")?;
                for (item_idx, item) in items.iter().enumerate() {
                    if item_idx > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// A move: its label in the game's notation, where it leads, its points and bonus turn.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::{Datum, DynMove};
/// let mv = DynMove { label: "heap 1: 3 -> 2".into(), to: Datum::ints([2]), points: 0, again: false };
/// assert_eq!(mv.to, Datum::ints([2]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DynMove {
    /// How a person names the move (short, unique among a position's moves).
    pub label: String,
    /// The position after the move, seen from the player then to move.
    pub to: Datum,
    /// Points the mover earns (scoring games only; 0 otherwise).
    pub points: i64,
    /// True when the mover moves again.
    pub again: bool,
}
