//! `--plot FILE`: G(n) against n as points, SVG or PNG by the file's extension, n from 0
//! (left) to the last value computed (right), G from 0 (bottom) to the largest value (top).
//! Long sequences are thinned to at most 20,000 evenly spaced points.

use std::path::Path;

use plotters::prelude::*;

const MOST_POINTS: usize = 20_000;

/// Draws `values` to `path`.
pub fn draw(path: &Path, code: &str, values: &[u16]) -> anyhow::Result<()> {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if extension.as_deref() == Some("svg") {
        let root = SVGBackend::new(path, (1000, 500)).into_drawing_area();
        chart(root, code, values)
    } else if extension.as_deref() == Some("png") {
        let root = BitMapBackend::new(path, (1000, 500)).into_drawing_area();
        chart(root, code, values)
    } else {
        anyhow::bail!("the plot file's name must end in .svg or .png")
    }
}

fn chart<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    code: &str,
    values: &[u16],
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(|e| anyhow::anyhow!("{e}"))?;
    let top = values.iter().copied().max().unwrap_or(0) as f64 + 1.0;
    let len = values.len().max(1) as f64;
    // The workspace builds plotters without fonts, so the chart carries no text: a frame,
    // light grid lines at every tenth of each axis, and the points.
    let _ = code;
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .build_cartesian_2d(0.0..len, 0.0..top)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let grid = RGBColor(220, 220, 220);
    for i in 0..=10 {
        let x = len * f64::from(i) / 10.0;
        let y = top * f64::from(i) / 10.0;
        chart
            .draw_series([
                PathElement::new(vec![(x, 0.0), (x, top)], grid),
                PathElement::new(vec![(0.0, y), (len, y)], grid),
            ])
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let step = values.len().div_ceil(MOST_POINTS).max(1);
    chart
        .draw_series(
            values
                .iter()
                .enumerate()
                .step_by(step)
                .map(|(n, &v)| Circle::new((n as f64, f64::from(v)), 1, BLUE.filled())),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    root.present().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}
