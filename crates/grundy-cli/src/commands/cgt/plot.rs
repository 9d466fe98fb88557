//! `grundy cgt EXPR --plot FILE`: the game's thermograph, PNG or SVG by the file's
//! extension (SVG is the library's `Thermograph::svg`, with its labels); the PNG is drawn
//! as the books draw it (Winning Ways, chapter 6): temperature `t` upwards
//! from -1, values to the left for Left (the value axis reversed), the left wall in blue,
//! the right wall in red, the mast in black. No text (the binary has no fonts): the axes
//! `t = 0` and value 0 are drawn in grey.

use std::path::Path;

use anyhow::Context;
use grundy::cgt::{Dyadic, Thermograph};
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::picture::{save, Drawable};

/// Draws `thermograph` into `path`: `.svg` as the library draws it (the drawing the web
/// page and notebooks show), `.png` with plotters.
pub fn plot(path: &Path, thermograph: &Thermograph) -> anyhow::Result<()> {
    let svg = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if svg {
        return std::fs::write(path, thermograph.svg())
            .with_context(|| format!("cannot write {}", path.display()));
    }
    save(path, (640, 640), &Picture(thermograph))
}

/// A thermograph to draw.
struct Picture<'a>(&'a Thermograph);

impl Drawable for Picture<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        draw(root, self.0)
    }
}

fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / (1u64 << x.exponent()) as f64
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    thermograph: &Thermograph,
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    let err =
        |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow::anyhow!("cannot draw the plot: {e:?}");
    root.fill(&WHITE).map_err(err)?;
    let area = root.margin(20, 20, 20, 20);
    let walls = thermograph.corners().map(|wall| {
        wall.into_iter()
            .map(|(t, v)| (-float(v), float(t)))
            .collect::<Vec<(f64, f64)>>()
    });
    let (mast, temperature) = (float(thermograph.mast()), float(thermograph.temperature()));
    // The picture spans the walls, the mast up to one more than the temperature (at least
    // to t = 1) and both axes, on equal scales (the walls' slopes at 45 degrees) in a square.
    let xs = walls.iter().flatten().map(|p| p.0).chain([0.0, -mast]);
    let (low, high) = xs.fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let side = (high - low + 1.0).max(temperature.max(0.0) + 2.0);
    let middle = (low + high) / 2.0;
    let (left, right, top) = (middle - side / 2.0, middle + side / 2.0, side - 1.0);
    let mut chart = ChartBuilder::on(&area)
        .build_cartesian_2d(left..right, -1.0..top)
        .map_err(err)?;
    let grey = RGBColor(180, 180, 180);
    let axes = [
        vec![(left, 0.0), (right, 0.0)],
        vec![(0.0, -1.0), (0.0, top)],
    ];
    for axis in axes {
        chart
            .draw_series(std::iter::once(PathElement::new(axis, grey)))
            .map_err(err)?;
    }
    for (wall, colour) in walls.into_iter().zip([BLUE, RED]) {
        chart
            .draw_series(std::iter::once(PathElement::new(
                wall,
                colour.stroke_width(3),
            )))
            .map_err(err)?;
    }
    let mast_line = vec![(-mast, temperature.max(-1.0)), (-mast, top)];
    chart
        .draw_series(std::iter::once(PathElement::new(
            mast_line,
            BLACK.stroke_width(3),
        )))
        .map_err(err)?;
    Ok(())
}
