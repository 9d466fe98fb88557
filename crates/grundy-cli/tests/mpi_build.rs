//! `grundy build` under `mpirun` (the cargo feature `mpi`; `scripts/test` installs OpenMPI
//! with `.ci/setup-mpi.sh` and runs `cargo test -p grundy-cli --features mpi --test
//! mpi_build`): three processes write the files of one process byte for byte, a process
//! killed mid-build fails the job with the launcher's message instead of a hang, the job
//! run again, on two processes, resumes into the same bytes, and a build refused says why
//! once, on two or four processes.
#![cfg(feature = "mpi")]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Connect Four 4 x 5: up to 8 blocks a tier, so each of three processes has blocks.
const BOARD: [&str; 3] = ["connect-four", "4", "5"];

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-mpi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `grundy build BOARD --db DIR --json` on `np` processes under OpenMPI's `mpirun` (as
/// root it needs `--allow-run-as-root`; on 2 cores, `--oversubscribe`).
fn mpirun(np: usize, dir: &Path) -> Command {
    let mut command = Command::new("mpirun");
    command
        .args([
            "--allow-run-as-root",
            "--oversubscribe",
            "-np",
            &np.to_string(),
        ])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .arg("build")
        .args(BOARD)
        .arg("--db")
        .arg(dir)
        .arg("--json")
        .stdin(Stdio::null());
    command
}

/// The files of a database directory, by name.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| {
            let name = e.file_name().into_string().unwrap();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect();
    out.sort();
    out
}

fn report(out: &Output) -> serde_json::Value {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

/// The process of rank `rank` among `parent`'s children (read from /proc).
fn rank_pid(parent: u32, rank: usize) -> Option<u32> {
    let wanted = format!("OMPI_COMM_WORLD_RANK={rank}");
    std::fs::read_dir("/proc").ok()?.find_map(|entry| {
        let pid: u32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let ppid: u32 = stat
            .rsplit(')')
            .next()?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()?;
        let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
        let has_rank = environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes());
        (ppid == parent && has_rank).then_some(pid)
    })
}

/// Waits for `child` to end, at most `limit`.
fn wait(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("mpirun still runs after {limit:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn three_processes_write_the_bytes_of_one_and_a_killed_one_resumes() {
    let one = temp("one");
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("build")
        .args(BOARD)
        .arg("--db")
        .arg(&one)
        .arg("--json")
        .output()
        .unwrap();
    let alone = report(&out);
    assert_eq!(alone["positions"], 1_706_255); // Tromp's count for 4 x 5
    assert_eq!(alone["processes"], 1);

    let three = temp("three");
    let out = mpirun(3, &three).output().unwrap();
    let split = report(&out);
    assert_eq!(split["processes"], 3);
    assert_eq!(split["value"], alone["value"]);
    let sent = split["sent"].as_array().unwrap();
    assert!(sent.iter().all(|s| s.as_u64().unwrap() > 0), "{split}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("split across 3 processes"), "{stderr}");
    assert_eq!(files(&one), files(&three), "3 processes, 1 process");

    // Rank 1 killed once two tiers are written: the job fails, saying so, within a minute.
    let killed = temp("killed");
    let child = mpirun(3, &killed)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let manifest = killed.join("manifest.json");
    while std::fs::read_to_string(&manifest).map_or(0, |m| m.matches("\"tier\":").count()) < 2 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no tier written"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = rank_pid(child.id(), 1).expect("rank 1 runs");
    assert!(Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap()
        .success());
    let out = wait(child, Duration::from_secs(60));
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("rank 1") && stderr.contains("signal 9"),
        "{stderr}"
    );

    // Run again (on two processes): the tiers written are kept, the rest built, same bytes.
    let resumed = report(&mpirun(2, &killed).output().unwrap());
    assert!(resumed["kept"].as_array().unwrap().len() >= 2, "{resumed}");
    assert_eq!(files(&one), files(&killed), "resumed after a kill");
    for dir in [one, three, killed] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// A database of scores (Dots-and-Boxes 4 x 2: two bytes a position, middle tiers of 11
/// blocks of ranks and 22 of the file) on two processes: the bytes of one process.
#[test]
fn a_database_of_scores_splits_into_the_bytes_of_one_process() {
    let board = ["dots-and-boxes", "4", "2"];
    let (one, two) = (temp("scores-one"), temp("scores-two"));
    let alone = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("build")
        .args(board)
        .arg("--db")
        .arg(&one)
        .arg("--json")
        .output()
        .unwrap();
    let alone = report(&alone);
    assert_eq!(alone["positions"], 1 << 22); // every set of its 22 lines
    let split = Command::new("mpirun")
        .args(["--allow-run-as-root", "--oversubscribe", "-np", "2"])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .arg("build")
        .args(board)
        .arg("--db")
        .arg(&two)
        .arg("--json")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let split = report(&split);
    assert_eq!(split["processes"], 2);
    assert_eq!(split["value"], alone["value"]);
    assert_eq!(files(&one), files(&two));
    for dir in [one, two] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// A build refused under `mpirun -np 2` and `-np 4` (too little `--memory`, a directory
/// holding another game, bad arguments for the game or for clap) prints its one line once,
/// from rank 0, before the launcher stops the job, and the job's exit is non-zero.
#[test]
fn a_refused_build_says_why_once_on_every_number_of_processes() {
    let other = temp("refused-other");
    let made = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["build", "connect-four", "3", "2", "--db"])
        .arg(&other)
        .output()
        .unwrap();
    assert!(made.status.success());
    let fresh = temp("refused-fresh");
    let (other, fresh) = (other.to_str().unwrap(), fresh.to_str().unwrap());
    let cases: [(&[&str], &str); 4] = [
        (
            &["connect-four", "5", "5", "--db", fresh, "--memory", "0.001"],
            "bytes a process on NP processes (the largest tier",
        ),
        (
            &["connect-four", "4", "4", "--db", other],
            "holds a database of connect-four connect=4 height=2 width=3, not connect-four",
        ),
        (
            &["connect-four", "0", "4", "--db", fresh],
            "a Connect Four board needs width and height of at least 1",
        ),
        (
            &["connect-four", "4", "4", "--db", fresh, "--memory", "abc"],
            "invalid value 'abc' for '--memory <GIB>'",
        ),
    ];
    for np in [2, 4] {
        for (args, wanted) in cases {
            let wanted = wanted.replace("NP", &np.to_string());
            let child = Command::new("mpirun")
                .args(["--allow-run-as-root", "--oversubscribe", "-np"])
                .arg(np.to_string())
                .arg(env!("CARGO_BIN_EXE_grundy"))
                .arg("build")
                .args(args)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let out = wait(child, Duration::from_secs(120));
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{np}, {args:?}: {stderr}");
            let ours: Vec<&str> = stderr
                .lines()
                .filter(|l| l.starts_with("grundy: "))
                .collect();
            assert_eq!(ours.len(), 1, "{np}, {args:?}: {stderr}");
            assert!(ours[0].contains(&wanted), "{np}, {args:?}: {stderr}");
        }
    }
    assert!(
        !Path::new(fresh).exists(),
        "nothing written before the refusal"
    );
    std::fs::remove_dir_all(other).unwrap();
}
