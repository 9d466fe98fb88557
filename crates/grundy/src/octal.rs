//! Octal and hexadecimal take-and-break games (in progress).
