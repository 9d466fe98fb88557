//! A thermograph drawn as SVG, the one drawing every front end shows (`grundy cgt --plot
//! FILE.svg`, the web page, Python's `_repr_svg_` in notebooks).
//!
//! As the books draw it (Winning Ways, chapter 6): temperature `t` upwards from -1, values
//! to the left for Left (the value axis reversed), the left wall in blue, the right wall in
//! red, the mast in black, on equal scales (the walls' slopes at 45 degrees) in a square.
//! The axes `t = 0` and value 0 are grey, with the mast's value and the temperature written
//! beside them.

use std::fmt::Write;

use super::dyadic::Dyadic;
use super::thermograph::Thermograph;

/// The picture's side, in pixels.
const SIDE: f64 = 320.0;
/// The margin around the chart, in pixels.
const MARGIN: f64 = 24.0;

fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / (x.exponent() as f64).exp2()
}

impl Thermograph {
    /// The thermograph as a standalone SVG document (320 by 320 pixels).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|-1}").unwrap();
    /// let svg = arena.thermograph(g).unwrap().svg();
    /// assert!(svg.starts_with("<svg"));
    /// assert!(svg.contains("mast 1/2, temperature 3/2"));
    /// ```
    pub fn svg(&self) -> String {
        let walls = self.corners().map(|wall| {
            wall.into_iter()
                .map(|(t, v)| (-float(v), float(t)))
                .collect::<Vec<_>>()
        });
        let (mast, temperature) = (float(self.mast()), float(self.temperature()));
        let xs = walls.iter().flatten().map(|p| p.0).chain([0.0, -mast]);
        let (low, high) = xs.fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
        let side = (high - low + 1.0).max(temperature.max(0.0) + 2.0);
        let middle = (low + high) / 2.0;
        let (left, top) = (middle - side / 2.0, side - 1.0);
        let scale = (SIDE - 2.0 * MARGIN) / side;
        let at = |(x, t): (f64, f64)| (MARGIN + (x - left) * scale, MARGIN + (top - t) * scale);
        let path = |points: &[(f64, f64)]| {
            let mut d = String::new();
            for (i, &p) in points.iter().enumerate() {
                let (x, y) = at(p);
                let _ = write!(d, "{}{x:.2},{y:.2}", if i == 0 { "M" } else { " L" });
            }
            d
        };
        let title = format!("mast {}, temperature {}", self.mast(), self.temperature());
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"thermograph\" width=\"{SIDE}\" \
             height=\"{SIDE}\" viewBox=\"0 0 {SIDE} {SIDE}\" role=\"img\" \
             aria-label=\"thermograph: {title}\"><title>thermograph: {title}</title>\
             <rect width=\"{SIDE}\" height=\"{SIDE}\" fill=\"white\"/>"
        );
        let grey = "stroke=\"#b4b4b4\" stroke-width=\"1\" fill=\"none\"";
        let axes = [[(left, 0.0), (left + side, 0.0)], [(0.0, -1.0), (0.0, top)]];
        for axis in axes {
            let _ = write!(out, "<path d=\"{}\" {grey}/>", path(&axis));
        }
        for (wall, (name, colour)) in walls
            .iter()
            .zip([("left", "#0000ff"), ("right", "#ff0000")])
        {
            let _ = write!(
                out,
                "<path class=\"{name}-wall\" d=\"{}\" stroke=\"{colour}\" stroke-width=\"3\" \
                 fill=\"none\" stroke-linejoin=\"round\"/>",
                path(wall)
            );
        }
        let mast_line = [(-mast, temperature.max(-1.0)), (-mast, top)];
        let _ = write!(
            out,
            "<path class=\"mast\" d=\"{}\" stroke=\"black\" stroke-width=\"3\" fill=\"none\"/>",
            path(&mast_line)
        );
        let text = "font-family=\"sans-serif\" font-size=\"12\" fill=\"#444\"";
        let (mx, _) = at((-mast, top));
        let (_, ty) = at((0.0, temperature.max(-1.0)));
        let _ = write!(
            out,
            "<text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\" {text}>{}</text>\
             <text x=\"{:.2}\" y=\"{:.2}\" {text}>t = {}</text></svg>",
            mx,
            SIDE - 6.0,
            self.mast(),
            MARGIN / 4.0,
            ty - 3.0,
            self.temperature()
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::cgt::Arena;

    /// The walls end on the mast at the temperature, in pixels: `{2|-1}`'s thermograph
    /// (Winning Ways, chapter 6) meets at `t = 3/2` over the value `1/2`, so its left wall,
    /// its right wall and its mast share one point.
    #[test]
    fn walls_meet_the_mast() {
        let mut arena = Arena::new();
        for text in ["{2|-1}", "{4|1}", "3/4", "{1|-1}", "^", "{3||2|1}"] {
            let g = arena.parse(text).unwrap();
            let svg = arena.thermograph(g).unwrap().svg();
            let end = |class: &str, last: bool| -> String {
                let from = svg.find(&format!("class=\"{class}\" d=\"")).unwrap() + class.len() + 12;
                let d = &svg[from..from + svg[from..].find('"').unwrap()];
                let points: Vec<&str> = d.split(' ').filter(|p| !p.is_empty()).collect();
                let p = if last {
                    points[points.len() - 1]
                } else {
                    points[0]
                };
                p.trim_start_matches(['M', 'L']).to_string()
            };
            let top = end("mast", false);
            assert_eq!(end("left-wall", true), top, "{text}");
            assert_eq!(end("right-wall", true), top, "{text}");
            assert!(svg.ends_with("</svg>"));
        }
    }
}
