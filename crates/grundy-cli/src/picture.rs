//! Pictures written to a file for the commands' `--plot FILE`: PNG or SVG by the file's
//! extension, drawn with plotters (built without fonts: the pictures carry no text).

use std::path::Path;

use anyhow::{bail, Context};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Something drawn on a plotters area, whatever the backend.
pub trait Drawable {
    /// Draws the picture on `root`.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static;
}

/// Draws `picture` into `path` (`.png` or `.svg`), `size` pixels.
pub fn save(path: &Path, size: (u32, u32), picture: &impl Drawable) -> anyhow::Result<()> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("png") => {
            let root = BitMapBackend::new(path, size).into_drawing_area();
            picture.draw(&root)?;
            root.present()
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        Some("svg") => {
            let root = SVGBackend::new(path, size).into_drawing_area();
            picture.draw(&root)?;
            root.present()
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        _ => bail!(
            "cannot tell the plot format of {}: use a file name ending in .png or .svg",
            path.display()
        ),
    }
    Ok(())
}
