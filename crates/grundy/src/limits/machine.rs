//! The memory this process may still take, as Linux reports it: what is available on the
//! machine, the room left under the process's cgroup limit (v1 or v2), and the room left
//! under its address-space limit (`ulimit -v`, `RLIMIT_AS`).

use std::path::Path;

/// A cgroup limit at or above this is "no limit" (cgroup v1 writes 2^63 rounded to a page).
const NO_LIMIT: u64 = 1 << 60;

/// The memory this process may still allocate for its tables: three quarters of the least
/// of the memory available on the machine (`MemAvailable`), the room left under its cgroup's
/// memory limit, and the room left under its address-space limit (the limit less the
/// address space it already maps); `None` where Linux says none of them (another system).
/// Default budgets are lowered to it, so that a refusal, not an allocation failure that
/// kills the process, ends a job too large for the machine.
///
/// # Examples
///
/// ```
/// if let Some(bytes) = grundy::limits::machine_bytes() {
///     assert!(bytes > 0);
/// }
/// ```
pub fn machine_bytes() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    least_room(&Sources {
        meminfo: read("/proc/meminfo"),
        limits: read("/proc/self/limits"),
        status: read("/proc/self/status"),
        cgroup: cgroup_room(
            Path::new("/sys/fs/cgroup"),
            read("/proc/self/cgroup").as_deref(),
        ),
    })
    .map(|least| least / 4 * 3)
}

/// What [`least_room`] reads: the texts of `/proc/meminfo`, `/proc/self/limits` and
/// `/proc/self/status`, and the room left under the cgroup limit.
struct Sources {
    meminfo: Option<String>,
    limits: Option<String>,
    status: Option<String>,
    cgroup: Option<u64>,
}

/// The number in word `index` of the line of `text` that starts with `key`.
fn field(text: Option<&str>, key: &str, index: usize) -> Option<u64> {
    let line = text?.lines().find(|line| line.starts_with(key))?;
    line.split_whitespace().nth(index)?.parse().ok()
}

/// The least room of those `sources` give, in bytes.
fn least_room(sources: &Sources) -> Option<u64> {
    let kib = |n: u64| n.saturating_mul(1024);
    let available = field(sources.meminfo.as_deref(), "MemAvailable:", 1).map(kib);
    // "Max address space  <soft>  <hard>  bytes": the soft limit, "unlimited" reads as none.
    let address_space = field(sources.limits.as_deref(), "Max address space", 3).map(|limit| {
        let mapped = field(sources.status.as_deref(), "VmSize:", 1).map_or(0, kib);
        limit.saturating_sub(mapped)
    });
    [available, address_space, sources.cgroup]
        .into_iter()
        .flatten()
        .min()
}

/// The room left under this process's cgroup memory limit, from `/proc/self/cgroup`'s
/// `text` and the cgroup file system mounted at `root`: v2 (`memory.max` less
/// `memory.current`) or v1 (`memory.limit_in_bytes` less `memory.usage_in_bytes`), in the
/// process's own group or, inside a container that shows its group as the root, at the root.
fn cgroup_room(root: &Path, text: Option<&str>) -> Option<u64> {
    let read =
        |path: &Path| -> Option<u64> { std::fs::read_to_string(path).ok()?.trim().parse().ok() };
    let room = |dir: &Path, limit: &str, usage: &str| -> Option<u64> {
        let limit = read(&dir.join(limit)).filter(|&limit| limit < NO_LIMIT)?;
        Some(limit.saturating_sub(read(&dir.join(usage)).unwrap_or(0)))
    };
    for line in text?.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, group) = (parts.next()?, parts.next()?, parts.next()?);
        let group = group.trim_start_matches('/');
        let found = match controllers {
            "" => [root.join(group), root.to_path_buf()]
                .iter()
                .find_map(|dir| room(dir, "memory.max", "memory.current")),
            list if list.split(',').any(|c| c == "memory") => {
                let base = root.join("memory");
                [base.join(group), base.clone()]
                    .iter()
                    .find_map(|dir| room(dir, "memory.limit_in_bytes", "memory.usage_in_bytes"))
            }
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(meminfo: &str, limits: &str, status: &str, cgroup: Option<u64>) -> Sources {
        Sources {
            meminfo: Some(meminfo.into()),
            limits: Some(limits.into()),
            status: Some(status.into()),
            cgroup,
        }
    }

    const MEMINFO: &str = "MemTotal: 24000000 kB\nMemAvailable: 20000000 kB\n";
    const UNLIMITED: &str = "Max stack size 8388608 unlimited bytes\n\
                             Max address space unlimited unlimited bytes\n";
    const LIMITED: &str = "Max address space 2147483648 2147483648 bytes\n";
    const STATUS: &str = "Name: python3\nVmSize: 524288 kB\n";

    #[test]
    fn the_least_of_the_machine_the_address_space_and_the_cgroup_wins() {
        let machine = 20_000_000 * 1024;
        assert_eq!(
            least_room(&sources(MEMINFO, UNLIMITED, STATUS, None)),
            Some(machine)
        );
        // 2 GiB of address space, 512 MiB of it mapped already: 1.5 GiB left.
        let room = (2048 - 512) << 20;
        assert_eq!(
            least_room(&sources(MEMINFO, LIMITED, STATUS, None)),
            Some(room)
        );
        assert_eq!(
            least_room(&sources(MEMINFO, LIMITED, STATUS, Some(1 << 30))),
            Some(1 << 30)
        );
        assert_eq!(
            least_room(&Sources {
                meminfo: None,
                limits: None,
                status: None,
                cgroup: None
            }),
            None
        );
    }

    #[test]
    fn cgroup_limits_are_read_in_both_versions() {
        let root = std::env::temp_dir().join(format!("grundy-cgroup-{}", std::process::id()));
        let v2 = root.join("user.slice/job");
        std::fs::create_dir_all(&v2).unwrap();
        std::fs::write(v2.join("memory.max"), "2147483648\n").unwrap();
        std::fs::write(v2.join("memory.current"), "1073741824\n").unwrap();
        assert_eq!(
            cgroup_room(&root, Some("0::/user.slice/job\n")),
            Some(1 << 30)
        );
        // "max" is no limit.
        std::fs::write(v2.join("memory.max"), "max\n").unwrap();
        assert_eq!(cgroup_room(&root, Some("0::/user.slice/job\n")), None);

        let v1 = root.join("memory/docker/abc");
        std::fs::create_dir_all(&v1).unwrap();
        std::fs::write(v1.join("memory.limit_in_bytes"), "3221225472\n").unwrap();
        std::fs::write(v1.join("memory.usage_in_bytes"), "1073741824\n").unwrap();
        let text = "5:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n0::/\n";
        assert_eq!(cgroup_room(&root, Some(text)), Some(2 << 30));
        // Unlimited v1 (2^63 rounded down to a page) is no limit.
        std::fs::write(v1.join("memory.limit_in_bytes"), "9223372036854771712\n").unwrap();
        assert_eq!(cgroup_room(&root, Some(text)), None);
        assert_eq!(cgroup_room(&root, None), None);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
