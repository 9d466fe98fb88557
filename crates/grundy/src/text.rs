//! Text helpers at the bottom of the library: how a message quotes what a person typed.
//! Every module may use them; they use nothing of the library.

/// `text` quoted for an error message: whole when short, else its first 32 characters and
/// its length, so a 5 MB word gives a one-line message. Every error that quotes a word a
/// person typed uses it.
///
/// # Examples
///
/// ```
/// use grundy::text::quoted;
/// assert_eq!(quoted("1,3,x"), "\"1,3,x\"");
/// assert_eq!(quoted(&"7".repeat(100)), format!("{:?}... (100 bytes)", "7".repeat(32)));
/// ```
pub fn quoted(text: &str) -> String {
    const SHOWN: usize = 32;
    if text.chars().count() <= SHOWN {
        return format!("{text:?}");
    }
    let prefix: String = text.chars().take(SHOWN).collect();
    format!("{prefix:?}... ({} bytes)", text.len())
}
