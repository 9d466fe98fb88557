//! The games being played: held in memory under random ids, at most `cap` of them and at
//! most `per_client` for one client's address, each dropped once idle for longer than `idle`.
//!
//! When the store is full, a new game drops the least recently used game that is not in a
//! search; when its client holds its share, the client's own least recently used one. So a
//! client flooding the server with games holds at most its share, and only for as long as
//! nobody else needs the room.
//!
//! A request locks the map only to find or insert an entry; the search itself locks only its
//! own session, so games never wait for one another.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::play::session::Session;

use super::error::ApiError;
use super::files::Reserved;

/// A session with the time it was last used.
pub struct Entry {
    pub session: Session,
    last_used: Instant,
    /// A game file's share of the server's memory for game files, given back with the
    /// session.
    memory: Option<Reserved>,
}

impl Entry {
    /// True for a game file's session (it holds a share of the memory for game files).
    pub fn holds_file(&self) -> bool {
        self.memory.is_some()
    }
}

/// A session and the client that created it.
struct Held {
    client: IpAddr,
    entry: Arc<Mutex<Entry>>,
}

type Map = HashMap<String, Held>;

/// The sessions, by id.
pub struct Store {
    cap: usize,
    per_client: usize,
    idle: Duration,
    ids: RandomState,
    counter: AtomicU64,
    map: Mutex<Map>,
}

impl Store {
    /// An empty store holding at most `cap` sessions, `per_client` of them for one client,
    /// each kept while used within `idle`.
    pub fn new(cap: usize, per_client: usize, idle: Duration) -> Store {
        Store {
            cap: cap.max(1),
            per_client: per_client.max(1),
            idle,
            ids: RandomState::new(),
            counter: AtomicU64::new(0),
            map: Mutex::new(HashMap::new()),
        }
    }

    /// Adds `client`'s session (holding `memory`, a game file's share, while it lives) and
    /// returns its id. When the client holds its share, its least recently used game not in
    /// a search is dropped; when the store is full, the idle ones, then the least recently
    /// used one not in a search. Refused (503) when every game that would make room is in a
    /// search.
    pub fn insert(
        &self,
        session: Session,
        memory: Option<Reserved>,
        client: IpAddr,
    ) -> Result<String, ApiError> {
        let mut hasher = self.ids.build_hasher();
        hasher.write_u64(self.counter.fetch_add(1, Ordering::Relaxed));
        let id = format!("{:016x}", hasher.finish());
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let mine = map.values().filter(|held| held.client == client).count();
        if mine >= self.per_client && !evict_in(&mut map, |held| held.client == client) {
            return Err(ApiError::unavailable(format!(
                "this client holds {mine} games, all in play now (at most {} for one \
                 address; see grundy serve --max-client-games)",
                self.per_client
            )));
        }
        if map.len() >= self.cap {
            self.expire_in(&mut map);
        }
        if map.len() >= self.cap && !evict_in(&mut map, |_| true) {
            return Err(ApiError::unavailable(format!(
                "too many games in play, all in a search now (at most {}; see grundy serve \
                 --max-games); try again later",
                self.cap,
            )));
        }
        let entry = Entry {
            session,
            last_used: Instant::now(),
            memory,
        };
        let entry = Arc::new(Mutex::new(entry));
        map.insert(id.clone(), Held { client, entry });
        Ok(id)
    }

    /// Drops the least recently used session that `pick` accepts and that is not in a
    /// search; false when there was none.
    pub fn evict_least_recent(&self, pick: impl Fn(&Entry) -> bool) -> bool {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        evict_in(&mut map, |held| {
            held.entry.try_lock().is_ok_and(|entry| pick(&entry))
        })
    }

    /// How many sessions are held (tests look at what requests left behind).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// The session `id` (404 when unknown or expired), marked as used now.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Entry>>, ApiError> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let entry = map
            .get(id)
            .map(|held| held.entry.clone())
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

    fn expire_in(&self, map: &mut Map) {
        let now = Instant::now();
        // A session busy in a search (locked) is in use, not idle.
        map.retain(|_, held| match held.entry.try_lock() {
            Ok(entry) => now.duration_since(entry.last_used) <= self.idle,
            Err(_) => true,
        });
    }
}

/// Drops the least recently used session that `pick` accepts and that is not in a search
/// (a locked one is); false when there was none.
fn evict_in(map: &mut Map, pick: impl Fn(&Held) -> bool) -> bool {
    let oldest = map
        .iter()
        .filter(|(_, held)| pick(held))
        .filter_map(|(id, held)| Some((held.entry.try_lock().ok()?.last_used, id)))
        .min()
        .map(|(_, id)| id.clone());
    oldest.is_some_and(|id| map.remove(&id).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::catalog::builtin;
    use grundy::dynamic::Datum;
    use grundy::play::session::Side;

    fn session() -> Session {
        Session::new(builtin::nim(), Datum::ints([3]), Side::Person)
    }

    fn address(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn cap_and_idle_expiry() {
        let one = address(1);
        let store = Store::new(2, 10, Duration::from_secs(3600));
        let a = store.insert(session(), None, one).unwrap();
        let b = store.insert(session(), None, one).unwrap();
        assert_ne!(a, b);
        assert!(store.remove(&a));
        assert!(store.get(&a).is_err());
        assert!(!store.remove(&a));
        store.get(&b).unwrap();

        let store = Store::new(1, 10, Duration::ZERO);
        let a = store.insert(session(), None, one).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(store.get(&a).err().map(|e| e.status.as_u16()), Some(404));
        store.insert(session(), None, one).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        // Full, but the idle one makes room.
        store.insert(session(), None, one).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(store.expire(), 0);
    }

    #[test]
    fn full_drops_the_least_recently_used_not_in_a_search() {
        let store = Store::new(3, 10, Duration::from_secs(3600));
        let ids: Vec<String> = (1..=3)
            .map(|i| {
                std::thread::sleep(Duration::from_millis(2));
                store.insert(session(), None, address(i)).unwrap()
            })
            .collect();
        std::thread::sleep(Duration::from_millis(2));
        store.get(&ids[0]).unwrap(); // now the most recent
        let fourth = store.insert(session(), None, address(4)).unwrap();
        assert!(
            store.get(&ids[1]).is_err(),
            "the least recently used is dropped"
        );
        assert_eq!(store.len(), 3);
        // Every game in a search: nothing can make room.
        let busy: Vec<_> = [&ids[0], &ids[2], &fourth]
            .iter()
            .map(|id| store.get(id).unwrap())
            .collect();
        let guards: Vec<_> = busy.iter().map(|entry| entry.lock().unwrap()).collect();
        let full = store.insert(session(), None, address(5)).unwrap_err();
        assert_eq!(full.status.as_u16(), 503);
        assert!(full.message.contains("at most 3"), "{}", full.message);
        drop(guards);
    }

    #[test]
    fn a_client_holds_at_most_its_share() {
        let store = Store::new(100, 2, Duration::from_secs(3600));
        let first = store.insert(session(), None, address(1)).unwrap();
        std::thread::sleep(Duration::from_millis(2));
        let second = store.insert(session(), None, address(1)).unwrap();
        let other = store.insert(session(), None, address(2)).unwrap();
        for _ in 0..20 {
            store.insert(session(), None, address(1)).unwrap();
        }
        assert_eq!(store.len(), 3, "one client's flood replaces its own games");
        assert!(store.get(&first).is_err() && store.get(&second).is_err());
        store.get(&other).unwrap();
    }
}
