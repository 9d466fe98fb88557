//! The tier games built in, by the identity a manifest records: what
//! [`Database::open`](super::database::Database::open) opens without being handed the game.

use super::game::{Identity, TierGame};
use crate::games::connect_four::ConnectFour;
use crate::games::mnk::Mnk;

/// The built-in game of `identity`, or why there is none.
pub(super) fn open_game(identity: &Identity) -> Result<Box<dyn TierGame>, String> {
    let parameter = |name: &str| {
        identity
            .parameter(name)
            .ok_or_else(|| format!("no parameter '{name}'"))
    };
    match identity.game.as_str() {
        "connect-four" => {
            if parameter("connect")? != 4 {
                return Err("only lines of four are built in".into());
            }
            let game = ConnectFour::new(parameter("width")?, parameter("height")?)
                .map_err(|e| e.to_string())?;
            Ok(Box::new(game))
        }
        "mnk" => {
            let game = Mnk::new(
                parameter("width")?,
                parameter("height")?,
                parameter("line")?,
            )
            .map_err(|e| e.to_string())?;
            Ok(Box::new(game))
        }
        other => Err(format!("no built-in game '{other}'")),
    }
}
