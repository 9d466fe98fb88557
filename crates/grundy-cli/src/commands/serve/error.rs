//! The API's errors: a status and `{"error": "..."}`, never a page or an empty body.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::dynamic::DynError;
use grundy::SolveError;
use serde_json::json;

/// A failed request: the status and the message sent as `{"error": message}`.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    /// 400: the request names something that does not exist or is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// 404: no such session or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    /// 503: the server is full or the request ran past its time.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }
}

/// The longest message an error sends; a longer one (a message quoting a huge input the
/// library did not cut) is cut and its length given.
const MAX_MESSAGE: usize = 2048;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = if self.message.chars().count() > MAX_MESSAGE {
            let prefix: String = self.message.chars().take(MAX_MESSAGE).collect();
            format!("{prefix}... ({} bytes)", self.message.len())
        } else {
            self.message
        };
        (self.status, Json(json!({ "error": message }))).into_response()
    }
}

/// Game errors: a bad position is a bad request (400); a move that is not legal now, or a
/// search larger than the budget, cannot be processed (422, the message names the move or
/// the size needed).
impl From<DynError> for ApiError {
    fn from(err: DynError) -> ApiError {
        let status = match &err {
            DynError::Position(_) | DynError::Malformed(_) => StatusCode::BAD_REQUEST,
            DynError::Solve(SolveError::Interrupted) => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        let message = match &err {
            DynError::Solve(SolveError::TooLarge { unit, .. }) => {
                // Only positions and bytes are the server's to set; moves are the library's.
                let flag = match *unit {
                    "positions" => " (see grundy serve --max-positions)",
                    "bytes" => " (see grundy serve --memory)",
                    _ => "",
                };
                format!("too large for this server: {err}{flag}")
            }
            DynError::Solve(SolveError::Interrupted) => {
                "the search ran past the time limit of a request (see grundy serve --timeout)"
                    .to_string()
            }
            _ => err.to_string(),
        };
        ApiError { status, message }
    }
}

/// Malformed JSON, a wrong type or an unknown field (400: axum's own answer to the last two
/// is 422, which this API keeps for what a game refuses), a wrong content type (415), a body
/// over the limit (413).
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let status = match rejection {
            JsonRejection::JsonDataError(_) => StatusCode::BAD_REQUEST,
            _ => rejection.status(),
        };
        ApiError {
            status,
            message: rejection.body_text(),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}
