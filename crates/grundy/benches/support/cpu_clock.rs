//! CPU time as a criterion measurement, shared by the benchmarks of every crate (included
//! with `#[path]`): other jobs on a shared machine inflate it far less than wall-clock time.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;

/// CPU time of the whole process in nanoseconds: every thread's time on a CPU, all summed
/// (`CLOCK_PROCESS_CPUTIME_ID`, exact to the nanosecond, not to the scheduler's tick).
fn process_cpu_ns() -> u64 {
    u64::try_from(cpu_time::ProcessTime::now().as_duration().as_nanos()).unwrap_or(u64::MAX)
}

/// Criterion measurement by process CPU time (see [`process_cpu_ns`]), in nanoseconds.
pub struct CpuTime;

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        process_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        process_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Formats CPU nanoseconds as `ms cpu` (or `s cpu`) and element throughputs per CPU-second.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical >= 1e9 {
            (1e-9, "s cpu")
        } else {
            (1e-6, "ms cpu")
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }
    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per_iteration = match throughput {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                *n as f64
            }
        };
        values
            .iter_mut()
            .for_each(|v| *v = per_iteration / *v * 1e9 / 1e6);
        "M/cpu-s"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
