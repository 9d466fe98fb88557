//! Game files for the page: the examples of `examples/games/` compiled in, and a request's
//! parameters as the script crate reads them (`NAME`, value as typed).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::Json;
use serde::Serialize;
use serde_json::Value;

/// One example game file: its name (the file's stem) and its source.
macro_rules! example {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../../../examples/games/", $name, ".luau")),
        )
    };
}

/// The game files of `examples/games/`, by name (a test checks the list against the folder).
pub const EXAMPLES: [(&str, &str); 34] = [
    example!("amazons"),
    example!("bash"),
    example!("cat_and_mouse"),
    example!("chomp"),
    example!("clobber"),
    example!("connect_four"),
    example!("cram"),
    example!("cutcake"),
    example!("domineering"),
    example!("domineering_values"),
    example!("dot"),
    example!("dots_and_boxes"),
    example!("fibonacci_nim"),
    example!("fission"),
    example!("gems_fight"),
    example!("hackenbush_strings"),
    example!("hackenbush_trees"),
    example!("kiki"),
    example!("konane"),
    example!("minesweeper"),
    example!("paint_chain"),
    example!("powers_of_two"),
    example!("roundabout"),
    example!("shuttle"),
    example!("ski_jumps"),
    example!("snim"),
    example!("snort"),
    example!("subtraction"),
    example!("team_nim"),
    example!("tictactoe"),
    example!("toads_and_frogs"),
    example!("toppling_dominoes"),
    example!("wythoff"),
    example!("young"),
];

/// One example as `GET /api/examples` lists it.
#[derive(Serialize)]
pub struct Example {
    /// The file's stem: `tictactoe`.
    name: &'static str,
    /// The game's `description` (its name first).
    summary: String,
    /// The Luau text, sent back as `source` to play it.
    source: &'static str,
    /// True when the file makes positions from integers (`function position`), so it can
    /// be tabulated.
    table: bool,
    /// True when the file gives `left` and `right` (a partizan game): the page shows its
    /// value, since no player is to move in its positions.
    partizan: bool,
}

/// `GET /api/examples`: the example game files, source included (each loaded once, in the
/// sandbox, for its name and description, and whether it has a `position` function).
pub async fn examples() -> Json<Value> {
    static LIST: OnceLock<Value> = OnceLock::new();
    let list = LIST.get_or_init(|| {
        let list: Vec<Example> = EXAMPLES
            .iter()
            .map(|&(name, source)| {
                let game = grundy_script::load_source(name, source, &[]);
                Example {
                    name,
                    summary: match &game {
                        Ok(game) => format!("{}: {}", game.name(), game.description()),
                        Err(err) => err.to_string(),
                    },
                    source,
                    table: game
                        .as_ref()
                        .is_ok_and(|game| game.position_of(&[0]).is_some()),
                    partizan: game.is_ok_and(|game| game.partizan().is_some()),
                }
            })
            .collect();
        serde_json::json!({ "examples": list })
    });
    Json(list.clone())
}

/// A request's `params` as the command line's `--param NAME=VALUE` gives them: a string as
/// it is, a list of integers joined by commas, anything else as JSON text.
pub fn param_texts(params: &BTreeMap<String, Value>) -> Vec<(String, String)> {
    params
        .iter()
        .map(|(name, value)| {
            let text = match value {
                Value::String(text) => text.clone(),
                Value::Array(items) if items.iter().all(Value::is_i64) => items
                    .iter()
                    .map(Value::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                other => other.to_string(),
            };
            (name.clone(), text)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compiled-in list is the folder: every `.luau` file, each with its text.
    #[test]
    fn the_examples_are_the_folder() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/games");
        let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "luau"))
            .map(|path| {
                let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                (stem, std::fs::read_to_string(&path).unwrap())
            })
            .collect();
        files.sort();
        let listed: Vec<(String, String)> = EXAMPLES
            .iter()
            .map(|&(name, source)| (name.to_string(), source.to_string()))
            .collect();
        assert_eq!(listed, files, "update EXAMPLES in serve/examples.rs");
    }

    #[test]
    fn params_are_read_as_typed() {
        let params: BTreeMap<String, Value> = serde_json::from_value(serde_json::json!({
            "k": 3, "set": [1, 2, 5], "name": "x o", "misere": true, "rows": [[1], [2]]
        }))
        .unwrap();
        assert_eq!(
            param_texts(&params),
            [
                ("k", "3"),
                ("misere", "true"),
                ("name", "x o"),
                ("rows", "[[1],[2]]"),
                ("set", "1,2,5"),
            ]
            .map(|(a, b)| (a.to_string(), b.to_string()))
        );
    }
}
