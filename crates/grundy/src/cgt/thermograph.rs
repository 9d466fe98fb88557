//! Thermographs: how a game's left and right stops move as it is cooled by `t`, its mean
//! (the mast) and its temperature (where the walls meet).
//!
//! For a number `x` both walls stay at `x`; its temperature is `-1/2^k` for `x = m/2^k`,
//! `-1` for an integer (CGSuite's convention). For any other canonical form `G`, the left
//! scaffold is `max over GL of (RW(GL)(t) - t)` and the right one `min over GR of
//! (LW(GR)(t) + t)`; the temperature is the least `t >= -1` where the left scaffold is no
//! longer above the right one, the mast their common value there, and the walls are the
//! scaffolds below it (Berlekamp, Conway and Guy, *Winning Ways*, chapter 6; Siegel,
//! *Combinatorial Game Theory*, 2013, chapter II.5). Walls are piecewise linear with slopes
//! 0 and 1 away from the mast, so every corner is a dyadic rational.

use super::dyadic::Dyadic;
use super::error::CgtError;

/// One piece of a wall: from `start` on (up to the next piece's start), the wall is at
/// `value + slope * (t - start)`.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Dyadic, Segment};
/// let s = Segment { start: Dyadic::integer(-1), value: Dyadic::integer(1), slope: -1 };
/// assert_eq!(s.start, Dyadic::integer(-1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Segment {
    /// Where the piece starts (a temperature).
    pub start: Dyadic,
    /// The wall's value there.
    pub value: Dyadic,
    /// How the value changes per unit of temperature.
    pub slope: i64,
}

/// A thermograph wall: a piecewise linear function of the temperature `t >= -1`.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, Dyadic};
/// let mut arena = Arena::new();
/// let g = arena.parse("{3|-1}").unwrap();
/// let thermograph = arena.thermograph(g).unwrap();
/// assert_eq!(thermograph.left_wall().value_at(Dyadic::ZERO), Some(Dyadic::integer(3)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Trajectory {
    segments: Vec<Segment>,
}

impl Trajectory {
    /// The constant wall at `x`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Trajectory};
    /// let wall = Trajectory::constant(Dyadic::integer(2));
    /// assert_eq!(wall.value_at(Dyadic::integer(7)), Some(Dyadic::integer(2)));
    /// ```
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![Segment {
                start: Dyadic::integer(-1),
                value: x,
                slope: 0,
            }],
        }
    }

    /// The pieces, by increasing start; the first starts at `-1`, the last runs on for ever.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Trajectory};
    /// assert_eq!(Trajectory::constant(Dyadic::ZERO).segments().len(), 1);
    /// ```
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The wall's value at `t >= -1` (`None` if it does not fit).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Trajectory};
    /// let wall = Trajectory::constant(Dyadic::integer(1));
    /// assert_eq!(wall.value_at(Dyadic::ZERO), Some(Dyadic::integer(1)));
    /// ```
    pub fn value_at(&self, t: Dyadic) -> Option<Dyadic> {
        let segment = self.piece_at(t);
        at(segment, t)
    }

    fn piece_at(&self, t: Dyadic) -> Segment {
        let index = self.segments.partition_point(|s| s.start <= t).max(1);
        self.segments[index - 1]
    }

    /// The wall plus `slope * t`.
    pub(super) fn tilt(&self, slope: i64) -> Result<Trajectory, CgtError> {
        let segments = self
            .segments
            .iter()
            .map(|s| {
                Ok(Segment {
                    start: s.start,
                    value: s
                        .value
                        .checked_add(s.start.checked_mul_int(slope).ok_or(CgtError::OutOfRange)?)
                        .ok_or(CgtError::OutOfRange)?,
                    slope: s.slope + slope,
                })
            })
            .collect::<Result<_, CgtError>>()?;
        Ok(Trajectory { segments })
    }

    /// The pointwise maximum (`max`) or minimum of two walls.
    pub(super) fn combine(&self, other: &Trajectory, max: bool) -> Result<Trajectory, CgtError> {
        let mut starts: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(&other.segments)
            .map(|s| s.start)
            .collect();
        starts.sort_unstable();
        starts.dedup();
        let better = |a: Dyadic, b: Dyadic| if max { a > b } else { a < b };
        let mut segments = Vec::new();
        for (i, &t0) in starts.iter().enumerate() {
            let t1 = starts.get(i + 1).copied();
            let (f, g) = (self.piece_at(t0), other.piece_at(t0));
            let (fv, gv) = (
                at(f, t0).ok_or(CgtError::OutOfRange)?,
                at(g, t0).ok_or(CgtError::OutOfRange)?,
            );
            let f_first = better(fv, gv)
                || (fv == gv
                    && (if max {
                        f.slope >= g.slope
                    } else {
                        f.slope <= g.slope
                    }));
            let (first, second, first_value, second_value) = if f_first {
                (f, g, fv, gv)
            } else {
                (g, f, gv, fv)
            };
            segments.push(Segment {
                start: t0,
                value: first_value,
                slope: first.slope,
            });
            // The second overtakes the first where their gap (the first's lead, never
            // negative) closes at the difference of their slopes (1 or 2).
            let gap = if max {
                first_value.checked_sub(second_value)
            } else {
                second_value.checked_sub(first_value)
            }
            .ok_or(CgtError::OutOfRange)?;
            let closing = if max {
                second.slope - first.slope
            } else {
                first.slope - second.slope
            };
            if gap != Dyadic::ZERO && closing > 0 {
                let t = t0
                    .checked_add(divide(gap, closing)?)
                    .ok_or(CgtError::OutOfRange)?;
                if t1.is_none_or(|t1| t < t1) {
                    let value = at(second, t).ok_or(CgtError::OutOfRange)?;
                    segments.push(Segment {
                        start: t,
                        value,
                        slope: second.slope,
                    });
                }
            }
        }
        Ok(Trajectory {
            segments: merged(segments),
        })
    }

    /// The wall up to `t`, then constant at `value`.
    fn truncated(&self, t: Dyadic, value: Dyadic) -> Trajectory {
        let mut segments: Vec<Segment> = self
            .segments
            .iter()
            .copied()
            .filter(|s| s.start < t)
            .collect();
        segments.push(Segment {
            start: t,
            value,
            slope: 0,
        });
        Trajectory {
            segments: merged(segments),
        }
    }
}

fn at(segment: Segment, t: Dyadic) -> Option<Dyadic> {
    segment.value.checked_add(
        t.checked_sub(segment.start)?
            .checked_mul_int(segment.slope)?,
    )
}

/// `value / by` for `by` in 1, 2 (the only slope differences walls have).
fn divide(value: Dyadic, by: i64) -> Result<Dyadic, CgtError> {
    match by {
        1 => Ok(value),
        2 => value.half().ok_or(CgtError::OutOfRange),
        _ => Err(CgtError::OutOfRange),
    }
}

/// Drops pieces that continue the one before them.
fn merged(segments: Vec<Segment>) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::with_capacity(segments.len());
    for s in segments {
        if let Some(&last) = out.last() {
            if last.slope == s.slope && at(last, s.start) == Some(s.value) {
                continue;
            }
        }
        out.push(s);
    }
    out
}

/// A game's thermograph: its two walls, mast value and temperature.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, Dyadic};
/// let mut arena = Arena::new();
/// let g = arena.parse("{1|-1}").unwrap();
/// let thermograph = arena.thermograph(g).unwrap();
/// assert_eq!(thermograph.temperature(), Dyadic::integer(1));
/// assert_eq!(thermograph.mast(), Dyadic::ZERO);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
    temperature: Dyadic,
    mast: Dyadic,
}

impl Thermograph {
    /// A number's thermograph: both walls at `x` from `t = -1`, its temperature `-1/2^k` for
    /// `x = m/2^k`.
    pub(super) fn number(x: Dyadic) -> Result<Thermograph, CgtError> {
        Ok(Thermograph {
            left: Trajectory::constant(x),
            right: Trajectory::constant(x),
            temperature: Dyadic::new(-1, x.exponent()).ok_or(CgtError::OutOfRange)?,
            mast: x,
        })
    }

    /// The thermograph whose walls are the `left` and `right` scaffolds up to where they
    /// meet, and the mast from there.
    pub(super) fn from_scaffolds(
        left: Trajectory,
        right: Trajectory,
    ) -> Result<Thermograph, CgtError> {
        let (temperature, mast) = meeting(&left, &right)?;
        Ok(Thermograph {
            left: left.truncated(temperature, mast),
            right: right.truncated(temperature, mast),
            temperature,
            mast,
        })
    }

    /// The left wall (the left stop of the game cooled by `t`, up to the temperature).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|0}").unwrap();
    /// let left = arena.thermograph(g).unwrap().left_wall().clone();
    /// assert_eq!(left.value_at(Dyadic::new(1, 1).unwrap()), Dyadic::new(3, 1));
    /// ```
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    /// The right wall.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|0}").unwrap();
    /// let right = arena.thermograph(g).unwrap().right_wall().clone();
    /// assert_eq!(right.value_at(Dyadic::ZERO), Some(Dyadic::ZERO));
    /// ```
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// The temperature: where the walls meet.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("3/4").unwrap();
    /// assert_eq!(arena.thermograph(g).unwrap().temperature(), Dyadic::new(-1, 2).unwrap());
    /// ```
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }

    /// The corners of the two walls, to draw: `[left, right]`, each as `(t, value)` points
    /// from `t = -1` up to the temperature, where both end on the mast (which runs on up
    /// from there, at the mean). A number's walls are its mast from `t = -1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|-1}").unwrap();
    /// let [left, right] = arena.thermograph(g).unwrap().corners();
    /// let d = |n, k| Dyadic::new(n, k).unwrap();
    /// assert_eq!(left, [(d(-1, 0), d(3, 0)), (d(3, 1), d(1, 1))]);
    /// assert_eq!(right, [(d(-1, 0), d(-2, 0)), (d(3, 1), d(1, 1))]);
    /// ```
    pub fn corners(&self) -> [Vec<(Dyadic, Dyadic)>; 2] {
        [&self.left, &self.right].map(|wall| {
            let mut points: Vec<(Dyadic, Dyadic)> = wall
                .segments
                .iter()
                .filter(|s| s.start < self.temperature)
                .map(|s| (s.start, s.value))
                .collect();
            let top = (self.temperature.max(Dyadic::integer(-1)), self.mast);
            if points.last() != Some(&top) {
                points.push(top);
            }
            points
        })
    }

    /// The mast's value: the game's mean.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{4|1}").unwrap();
    /// assert_eq!(arena.thermograph(g).unwrap().mast(), Dyadic::new(5, 1).unwrap());
    /// ```
    pub fn mast(&self) -> Dyadic {
        self.mast
    }
}

/// Where the left scaffold stops being above the right one, and the value there.
fn meeting(left: &Trajectory, right: &Trajectory) -> Result<(Dyadic, Dyadic), CgtError> {
    let mut starts: Vec<Dyadic> = left
        .segments
        .iter()
        .chain(&right.segments)
        .map(|s| s.start)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    for (i, &t0) in starts.iter().enumerate() {
        let (l, r) = (left.piece_at(t0), right.piece_at(t0));
        let (lv, rv) = (
            at(l, t0).ok_or(CgtError::OutOfRange)?,
            at(r, t0).ok_or(CgtError::OutOfRange)?,
        );
        if lv <= rv {
            return Ok((t0, lv));
        }
        let closing = r.slope - l.slope;
        if closing > 0 {
            let gap = lv.checked_sub(rv).ok_or(CgtError::OutOfRange)?;
            let t = t0
                .checked_add(divide(gap, closing)?)
                .ok_or(CgtError::OutOfRange)?;
            if starts.get(i + 1).is_none_or(|&t1| t < t1) {
                return Ok((t, at(l, t).ok_or(CgtError::OutOfRange)?));
            }
        }
    }
    // The last pieces have slopes -1 and +1 (the options' masts), so they always meet.
    Err(CgtError::OutOfRange)
}
