//! Sequence analysis: periodicity of value sequences (in progress).
