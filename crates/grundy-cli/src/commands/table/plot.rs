//! Plots for `grundy table --plot FILE`: G(n) against n, or a two-heap game as a picture
//! of cells: the nimbers as a heat map where the table has them, else the P-positions. PNG or SVG by the file's extension. The pictures carry no
//! text (the binary is built without font support): axes, points and cells only.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::picture::{save, Drawable};

/// The picture to draw.
pub enum Picture<'a> {
    /// G(n) for n = 0, 1, ...
    Sequence(&'a [u64]),
    /// P-positions: `cells[a][b]`.
    Cells(&'a [Vec<bool>]),
    /// Nimbers of pairs: `nimbers[a][b]`, 0 (the P-positions) red, the others from pale to
    /// dark blue as they grow.
    Nimbers(&'a [Vec<u64>]),
}

/// Draws `picture` into `path` (`.png` or `.svg`).
pub fn plot(path: &Path, picture: &Picture) -> anyhow::Result<()> {
    save(path, (800, 600), picture)
}

impl Drawable for Picture<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        draw(root, self)
    }
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, picture: &Picture) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    let err =
        |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow::anyhow!("cannot draw the plot: {e:?}");
    root.fill(&WHITE).map_err(err)?;
    let area = root.margin(20, 20, 20, 20);
    match picture {
        Picture::Sequence(values) => {
            let width = values.len().max(2) as f64;
            let height = values.iter().copied().max().unwrap_or(0).max(1) as f64 + 1.0;
            let mut chart = ChartBuilder::on(&area)
                .build_cartesian_2d(-0.5..width, -0.5..height)
                .map_err(err)?;
            let axes = [
                vec![(-0.5, 0.0), (width, 0.0)],
                vec![(0.0, -0.5), (0.0, height)],
            ];
            for axis in axes {
                chart
                    .draw_series(std::iter::once(PathElement::new(axis, BLACK)))
                    .map_err(err)?;
            }
            chart
                .draw_series(LineSeries::new(
                    values
                        .iter()
                        .enumerate()
                        .map(|(n, &g)| (n as f64, g as f64)),
                    BLUE.mix(0.4),
                ))
                .map_err(err)?;
            chart
                .draw_series(values.iter().enumerate().map(|(n, &g)| {
                    let color = if g == 0 { RED } else { BLUE };
                    Circle::new((n as f64, g as f64), 3, color.filled())
                }))
                .map_err(err)?;
        }
        Picture::Cells(cells) => {
            let len = cells.len().max(1) as i64;
            let mut chart = ChartBuilder::on(&area)
                .build_cartesian_2d(0..len, 0..len)
                .map_err(err)?;
            chart
                .draw_series(std::iter::once(Rectangle::new([(0, 0), (len, len)], BLACK)))
                .map_err(err)?;
            chart
                .draw_series(cells.iter().enumerate().flat_map(|(a, row)| {
                    row.iter()
                        .enumerate()
                        .filter(|(_, &p)| p)
                        .map(move |(b, _)| {
                            let (x, y) = (a as i64, b as i64);
                            Rectangle::new([(x, y), (x + 1, y + 1)], RED.filled())
                        })
                }))
                .map_err(err)?;
        }
        Picture::Nimbers(nimbers) => {
            let len = nimbers.len().max(1) as i64;
            let top = nimbers.iter().flatten().copied().max().unwrap_or(0).max(1);
            let mut chart = ChartBuilder::on(&area)
                .build_cartesian_2d(0..len, 0..len)
                .map_err(err)?;
            chart
                .draw_series(nimbers.iter().enumerate().flat_map(|(a, row)| {
                    row.iter().enumerate().map(move |(b, &g)| {
                        let (x, y) = (a as i64, b as i64);
                        Rectangle::new([(x, y), (x + 1, y + 1)], heat(g, top).filled())
                    })
                }))
                .map_err(err)?;
            chart
                .draw_series(std::iter::once(Rectangle::new([(0, 0), (len, len)], BLACK)))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// The colour of nimber `g` on a heat map whose largest nimber is `top`: 0 red, the others
/// blue, darker as they grow.
fn heat(g: u64, top: u64) -> RGBColor {
    if g == 0 {
        return RED;
    }
    let t = g as f64 / top as f64;
    let shade = |pale: f64, dark: f64| (pale + (dark - pale) * t).round() as u8;
    RGBColor(shade(214.0, 31.0), shade(228.0, 64.0), shade(245.0, 122.0))
}
