//! The exception a Python game's callbacks raised, kept for the call that ran the search
//! (the search itself runs on a worker thread, off the interpreter's lock).

use std::sync::Mutex;

use pyo3::prelude::*;

/// The first exception a Python game's callbacks raised during a call.
#[derive(Default)]
pub struct Pending {
    error: Mutex<Option<PyErr>>,
}

impl Pending {
    /// Clears what an earlier call left, for a new call.
    pub fn reset(&self) {
        if let Ok(mut error) = self.error.lock() {
            *error = None;
        }
    }

    /// The exception a callback raised during the last call, if any.
    pub fn take(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut error| error.take())
    }

    pub fn failed(&self) -> bool {
        self.error.lock().map_or(true, |error| error.is_some())
    }

    pub fn fail(&self, err: PyErr) {
        if let Ok(mut error) = self.error.lock() {
            error.get_or_insert(err);
        }
    }
}
