//! The games being played: held in memory under random ids, at most `cap` of them, each
//! dropped once idle for longer than `idle`.
//!
//! A request locks the map only to find or insert an entry; the search itself locks only its
//! own session, so games never wait for one another.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::dynamic::session::Session;

use super::error::ApiError;
use super::files::Reserved;

/// A session with the time it was last used.
pub struct Entry {
    pub session: Session,
    last_used: Instant,
    /// A game file's share of the server's memory for game files, given back with the
    /// session.
    _memory: Option<Reserved>,
}

/// The sessions, by id.
pub struct Store {
    cap: usize,
    idle: Duration,
    ids: RandomState,
    counter: AtomicU64,
    map: Mutex<HashMap<String, Arc<Mutex<Entry>>>>,
}

impl Store {
    /// An empty store holding at most `cap` sessions, each kept while used within `idle`.
    pub fn new(cap: usize, idle: Duration) -> Store {
        Store {
            cap,
            idle,
            ids: RandomState::new(),
            counter: AtomicU64::new(0),
            map: Mutex::new(HashMap::new()),
        }
    }

    /// Adds a session (holding `memory`, a game file's share, while it lives) and returns
    /// its id; refused (503) when the store is full even after dropping the idle ones.
    pub fn insert(&self, session: Session, memory: Option<Reserved>) -> Result<String, ApiError> {
        let mut hasher = self.ids.build_hasher();
        hasher.write_u64(self.counter.fetch_add(1, Ordering::Relaxed));
        let id = format!("{:016x}", hasher.finish());
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= self.cap {
            self.expire_in(&mut map);
        }
        if map.len() >= self.cap {
            return Err(ApiError::unavailable(format!(
                "too many games in play (at most {}); finish one or wait {} s for idle ones \
                 to expire",
                self.cap,
                self.idle.as_secs()
            )));
        }
        let entry = Entry {
            session,
            last_used: Instant::now(),
            _memory: memory,
        };
        map.insert(id.clone(), Arc::new(Mutex::new(entry)));
        Ok(id)
    }

    /// The session `id` (404 when unknown or expired), marked as used now.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Entry>>, ApiError> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let entry = map
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("no game {id:?} (finished or expired)")))?;
        drop(map);
        let now = Instant::now();
        let mut locked = entry.lock().unwrap_or_else(|e| e.into_inner());
        if now.duration_since(locked.last_used) > self.idle {
            drop(locked);
            self.remove(id);
            return Err(ApiError::not_found(format!("no game {id:?} (expired)")));
        }
        locked.last_used = now;
        drop(locked);
        Ok(entry)
    }

    /// Drops the session `id`; false when there was none.
    pub fn remove(&self, id: &str) -> bool {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(id).is_some()
    }

    /// Drops every session idle for longer than the limit; returns how many remain.
    pub fn expire(&self) -> usize {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        self.expire_in(&mut map);
        map.len()
    }

    fn expire_in(&self, map: &mut HashMap<String, Arc<Mutex<Entry>>>) {
        let now = Instant::now();
        // A session busy in a search (locked) is in use, not idle.
        map.retain(|_, entry| match entry.try_lock() {
            Ok(entry) => now.duration_since(entry.last_used) <= self.idle,
            Err(_) => true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::dynamic::session::Side;
    use grundy::dynamic::{builtin, Datum};

    fn session() -> Session {
        Session::new(builtin::nim(), Datum::ints([3]), Side::Person)
    }

    #[test]
    fn cap_and_idle_expiry() {
        let store = Store::new(2, Duration::from_secs(3600));
        let a = store.insert(session(), None).unwrap();
        let b = store.insert(session(), None).unwrap();
        assert_ne!(a, b);
        let full = store.insert(session(), None).unwrap_err();
        assert!(full.message.contains("at most 2"), "{}", full.message);
        assert!(store.remove(&a));
        assert!(store.get(&a).is_err());
        assert!(!store.remove(&a));
        store.get(&b).unwrap();

        let store = Store::new(1, Duration::ZERO);
        let a = store.insert(session(), None).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(store.get(&a).err().map(|e| e.status.as_u16()), Some(404));
        store.insert(session(), None).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        // Full, but the idle one makes room.
        store.insert(session(), None).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(store.expire(), 0);
    }
}
