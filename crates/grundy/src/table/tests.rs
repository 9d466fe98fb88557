//! Tests of the tables.
