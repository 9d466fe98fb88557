//! What a request may take before it starts: the moves of a position checked against what
//! a page shows and a request's memory before any is listed, the searches running together
//! bounded by the server's total memory, and an answer's size cut at `--max-response`.
//!
//! A search reserves its whole budget (`--memory`) from the total (`--total-memory`) for as
//! long as it runs, even after its request has been answered 503 and is only waiting for the
//! search to see its cancel flag: so the memory of the searches alive never passes the total,
//! and a request that finds no room waits for one, up to its time limit, then gets 503.

use std::io::{self, Write};

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use grundy::dynamic::{Datum, DynGame, DynMove};
use serde::Serialize;

use super::error::ApiError;

/// The most moves a position may have to be shown on a page.
pub const MAX_PAGE_MOVES: u64 = 4096;

/// Refuses, before listing them, the moves of `pos` when the game bounds them
/// ([`DynGame::max_moves`]) past what a page shows, or when that many copies of the position
/// (each move's position, and the solver's own copy) would pass `bytes`, a request's memory.
pub fn check_moves(game: &dyn DynGame, pos: &Datum, bytes: u64) -> Result<(), ApiError> {
    let Some(bound) = game.max_moves(pos)? else {
        return Ok(());
    };
    if bound > MAX_PAGE_MOVES {
        return Err(too_many(bound, "up to "));
    }
    let needed = bound.saturating_mul(pos.weight().saturating_mul(2));
    if needed > bytes {
        return Err(too_heavy(needed, bytes));
    }
    Ok(())
}

/// Refuses moves, once listed (a game that could not bound them first), that a page could
/// not show or that pass `bytes`.
pub fn check_listed(moves: &[DynMove], bytes: u64) -> Result<(), ApiError> {
    if moves.len() as u64 > MAX_PAGE_MOVES {
        return Err(too_many(moves.len() as u64, ""));
    }
    let needed = moves.iter().map(|mv| mv.to.weight()).sum::<u64>();
    if needed > bytes {
        return Err(too_heavy(needed, bytes));
    }
    Ok(())
}

fn too_many(moves: u64, up_to: &str) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: format!(
            "the position has {up_to}{moves} moves, more than a page shows ({MAX_PAGE_MOVES})"
        ),
    }
}

fn too_heavy(needed: u64, bytes: u64) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: format!(
            "too large for this server: the moves of this position need about {} MiB, more \
             than the {} MiB of a request (see grundy serve --memory)",
            needed.div_ceil(1 << 20),
            bytes >> 20
        ),
    }
}

/// `value` as a JSON answer of at most `limit` bytes; past it, 422 naming the limit (the
/// JSON is written into a buffer that stops at the limit, so a huge answer never is).
pub fn capped_json<T: Serialize>(
    status: StatusCode,
    value: &T,
    limit: usize,
) -> Result<Response, ApiError> {
    let mut out = Capped {
        bytes: Vec::new(),
        limit,
    };
    match serde_json::to_writer(&mut out, value) {
        Ok(()) => Ok((
            status,
            [(header::CONTENT_TYPE, "application/json")],
            out.bytes,
        )
            .into_response()),
        Err(err) if err.is_io() => Err(ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "the answer is larger than this server sends ({limit} bytes; see grundy serve \
                 --max-response)"
            ),
        }),
        Err(err) => Err(ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("the answer could not be written (a bug: please report it): {err}"),
        }),
    }
}

/// A buffer that refuses to grow past its limit.
struct Capped {
    bytes: Vec<u8>,
    limit: usize,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.bytes.len() + buf.len() > self.limit {
            return Err(io::Error::other("over the response limit"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::catalog::builtin;

    #[test]
    fn moves_are_bounded_before_listing() {
        let nim = builtin::nim();
        check_moves(&*nim, &Datum::ints([3, 5, 7]), 1 << 20).unwrap();
        // 10,000 heaps of 1: 10,000 moves, more than a page shows, refused unlisted.
        let err = check_moves(&*nim, &Datum::ints(vec![1; 10_000]), 1 << 30).unwrap_err();
        assert_eq!(
            err.message,
            "the position has up to 10000 moves, more than a page shows (4096)"
        );
        // 4,000 heaps of 1: 4,000 moves of 4,000 heaps each, about 1 GiB of copies.
        let err = check_moves(&*nim, &Datum::ints(vec![1; 4_000]), 256 << 20).unwrap_err();
        assert!(
            err.message
                .starts_with("too large for this server: the moves of this position need about"),
            "{}",
            err.message
        );
        assert!(err
            .message
            .ends_with("more than the 256 MiB of a request (see grundy serve --memory)"));
        let moves = nim.moves(&Datum::ints([2, 2])).unwrap();
        check_listed(&moves, 1 << 20).unwrap();
        assert!(check_listed(&moves, 10).is_err());
    }

    #[test]
    fn answers_are_cut_at_the_limit() {
        let small = capped_json(StatusCode::OK, &vec![1; 10], 100).unwrap();
        assert_eq!(small.status(), StatusCode::OK);
        let err = capped_json(StatusCode::OK, &vec![1; 1000], 100).unwrap_err();
        assert_eq!(err.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err.message.contains("--max-response"), "{}", err.message);
    }
}
