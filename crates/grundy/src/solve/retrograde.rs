//! Retrograde analysis for loopy games (in progress).
