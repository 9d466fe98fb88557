//! Tiered dense tables for indexed games (in progress).
