//! `grundy build GAME... --db DIR` (`connect-four 5 4`, `tic-tac-toe`, `mnk 4 4 4`,
//! `dots-and-boxes 3 3`, a board of the catalogue by its setup, or a game file that
//! defines `tier(pos)`): strongly solves every
//! position reachable from the start, tier by tier on every core, into a database on disk
//! (`grundy::tierdb`), resuming a build that was stopped; `grundy solve GAME... at MOVES
//! --db DIR` answers from it. Built with the cargo feature `mpi`, `mpirun -np N grundy
//! build ...` splits each tier across the N processes (`build/mpi.rs`; docs/cluster.md).

mod agree;
#[cfg(feature = "mpi")]
mod mpi;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use grundy::run::Control;
use grundy::tierdb::{
    build_file, build_with, tier_game, BuildOptions, Cluster, DbError, Identity, TierGame, Value,
    Values, TIER_GAMES,
};
use grundy::{Budget, SolveError};
use serde::Serialize;

use crate::output::{print_json, Progress};

/// Arguments of `grundy build`. The text output is the same for a fresh build and a resumed
/// one (`--json` says which tiers were written and which kept).
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Writes DIR/manifest.json and one file per tier (DIR/tier-K.bin; a tier is, say, the
stones on the board): a byte a position (win, loss or draw with its remoteness; with
--nimbers, an impartial file's nimber) or, for a game of scores (Dots-and-Boxes, young,
gems-fight, a scoring game file unless its points only end the game), two (the net score
and its remoteness), in LZ4 blocks of 64 KiB.
A build that was stopped (Ctrl-C stops it between blocks) resumes at the first tier not
written, with the same bytes. A progress bar with the time left is shown on a terminal.
Answer from the database with: grundy solve GAME... at MOVES --db DIR
(connect-four: the columns played from 1, e.g. 4453; tic-tac-toe and mnk: the cells
played, numbered from 1 row by row, e.g. '5 1 9'; dots-and-boxes: the lines drawn, e.g.
'h 1 1, v 2 1', its database holding net scores; young, gems-fight and kiki: the
position as 'grundy solve' writes it, e.g. young ... at '##. #..', gems-fight ... at '1 3',
kiki N M at 'X Y', the first two holding net scores, kiki nimbers; team-nim: as 'grundy
solve' writes it, win or loss in misère play). A game file (FILE.luau) that defines
tier(pos) is built the same way: its positions found forward from its start, numbered by
grundy (DIR/tier-K.keys), or by the file when it gives tier_size(t), rank(pos) and
unrank(t, r) (checked on every move first); answer with: grundy solve FILE.luau POSITION
--db DIR.")]
pub struct Args {
    /// The game and its numbers: connect-four WIDTH HEIGHT, tic-tac-toe, mnk WIDTH HEIGHT
    /// LINE (an m,n,k-game), dots-and-boxes WIDTH HEIGHT (boxes), or a board of the
    /// catalogue by its setup (young N M A... B..., gems-fight G B S (N C1..CN)..., kiki N
    /// M, team-nim N S M1..M2N); or a game file (FILE.luau) that defines tier(pos).
    #[arg(required = true, value_name = "GAME", allow_negative_numbers = true)]
    game: Vec<String>,
    /// A game file's parameter, NAME=VALUE (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// The database's directory (created if missing).
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes,
          help = "Most memory the build may hold, in GiB [default: 8, lowered to three \
                  quarters of the memory free]")]
    memory: Option<u64>,
    /// Keep each position's nimber (an impartial game file in normal play; 0 to 254) instead
    /// of win or loss with remoteness.
    #[arg(long)]
    nimbers: bool,
    /// Stop once tier K is written (resume by running the build again).
    #[arg(long, value_name = "K")]
    stop_after: Option<u32>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    /// The game's name and parameters, as the manifest records them.
    game: String,
    parameters: std::collections::BTreeMap<String, u64>,
    db: String,
    /// Positions reachable from the start, mirror images counted apart.
    positions: u64,
    per_tier: Vec<u64>,
    /// The start's value for the player to move (absent when stopped early).
    value: Option<Value>,
    written: Vec<u32>,
    kept: Vec<u32>,
    bytes: u64,
    bits_per_position: f64,
    /// The processes the build was split across (1 without MPI).
    processes: usize,
    /// Bytes each process put into exchanges with the others, by rank.
    sent: Vec<u64>,
}

/// The processes of this build: MPI's world with the feature `mpi`, else this one alone.
#[cfg(feature = "mpi")]
fn cluster() -> anyhow::Result<mpi::World> {
    mpi::World::init()
}

#[cfg(not(feature = "mpi"))]
fn cluster() -> anyhow::Result<grundy::tierdb::Solo> {
    Ok(grundy::tierdb::Solo)
}

/// Why a process that MPI's launcher started among others sees itself alone.
#[cfg(feature = "mpi")]
const ALONE: &str = "MPI here sees this process alone: this grundy's MPI library is not the \
                     launcher's (build it with the MPI whose mpirun starts it; docs/cluster.md)";
#[cfg(not(feature = "mpi"))]
const ALONE: &str = "this grundy was built without MPI: build it with `cargo build --release -p \
                     grundy-cli --features mpi` (docs/cluster.md)";

/// How many processes an MPI launcher started this one among, when more than one, and
/// the variable that says so (OpenMPI's or MPICH's).
fn launched_among() -> Option<(u64, &'static str)> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
        .into_iter()
        .find_map(|var| {
            let n: u64 = std::env::var(var).ok()?.parse().ok()?;
            (n > 1).then_some((n, var))
        })
}

/// Refuses to run alone as one of several processes of an MPI job (OpenMPI and MPICH say
/// so in the environment): each would build the whole database into the same directory.
fn check_not_alone_among_many(size: usize) -> anyhow::Result<()> {
    match launched_among() {
        Some((n, var)) if size <= 1 => {
            bail!("started as one of {n} MPI processes ({var}), but {ALONE}")
        }
        _ => Ok(()),
    }
}

/// Prints what clap refused of a command line, once, and returns the exit code. Under an
/// MPI launcher (the feature `mpi`) rank 0 alone prints it, and every process waits for
/// that before it exits: a launcher stops the job at the first process that exits with an
/// error, maybe before any message is out.
pub fn arguments_refused(err: clap::Error) -> ExitCode {
    #[cfg(feature = "mpi")]
    let err = match launched_among() {
        Some(_) => match mpi::refused_once(err) {
            Ok(code) => return code,
            Err(err) => err,
        },
        None => err,
    };
    crate::output::clap_error(err)
}

/// The game to build: a built-in one by its words, or a game file with its parameters.
enum Game {
    Builtin(Box<dyn TierGame>),
    File(grundy_script::RuleFile),
}

impl Game {
    fn open(args: &Args) -> anyhow::Result<Game> {
        if super::solve::is_game_file(&args.game[0]) {
            if args.game.len() > 1 {
                bail!(
                    "a game file is built from its start: give no words after {} (its \
                     parameters with --param NAME=VALUE)",
                    args.game[0]
                );
            }
            let params = super::solve::file_params(&args.params)?;
            let file = grundy_script::load_rules(std::path::Path::new(&args.game[0]), &params)?;
            return Ok(Game::File(file));
        }
        if let Some(param) = args.params.first() {
            bail!("--param {param}: parameters are for game files (a FILE.luau)");
        }
        let game = tier_game(&args.game).map_err(|why| {
            anyhow::anyhow!(
                "{why} (grundy build connect-four 5 4 --db DIR, or grundy build FILE.luau \
                 --db DIR; the games: {TIER_GAMES})"
            )
        })?;
        Ok(Game::Builtin(game))
    }
}

/// Runs `grundy build`. Split across processes, every refusal or failure is printed once,
/// by rank 0, and every process exits with 2 ([`agree`]).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let world = cluster()?;
    check_not_alone_among_many(world.size())?;
    match run_on(&args, &world) {
        Err(err) if err.is::<agree::Told>() => Ok(ExitCode::from(2)),
        other => other,
    }
}

/// Runs `grundy build` as one of `world`'s processes.
fn run_on(args: &Args, world: &dyn Cluster) -> anyhow::Result<ExitCode> {
    let game = agree::agree(world, Game::open(args))?;
    let (name, identity) = match &game {
        Game::Builtin(game) => (game.describe(), game.identity()),
        Game::File(file) => (file.info.name.clone(), Identity::new(&file.info.name, &[])),
    };
    // Ctrl-C cancels the build through its control, which also counts the ranks built.
    let control = Control::with_cancel_flag(crate::output::ctrl_c());
    let budget =
        control.budget(Budget::default().with_bytes(super::solve::limit::bytes(args.memory)));
    let progress = Arc::new(control);
    let options = BuildOptions {
        budget,
        stop_after: args.stop_after,
        progress: Some(Arc::clone(&progress)),
        values: args.nimbers.then_some(Values::Nimbers),
    };
    let root = world.rank() == 0;
    let bar = Progress::bar(
        args.json || !root,
        "building",
        "Ctrl-C stops, resumable",
        move || (progress.done(), progress.total()),
    );
    let result = match game {
        Game::Builtin(game) => build_with(game.as_ref(), &args.db, &options, world),
        Game::File(_) if world.size() > 1 => Err(DbError::Game(format!(
            "{name}: a game file's database is built on one process (its positions are found \
             forward from its start); run it without mpirun"
        ))),
        Game::File(file) => build_file(file.rules, file.info, file.identity, &args.db, &options),
    };
    drop(bar);
    let result = match result {
        Err(DbError::Solve(SolveError::Interrupted)) => Err(anyhow::anyhow!(
            "interrupted: the tiers written to {} are kept; run the same command again to resume",
            args.db.display()
        )),
        other => {
            other.with_context(|| format!("cannot build the database in {}", args.db.display()))
        }
    };
    // Every process has the same outcome; rank 0 alone reports it.
    let report = agree::agree(world, result)?;
    let sent = sent_by_rank(world, report.sent)?;
    if !root {
        return Ok(ExitCode::SUCCESS);
    }
    let out = Report {
        game: identity.game,
        parameters: identity.parameters,
        db: args.db.display().to_string(),
        positions: report.positions,
        per_tier: report.per_tier,
        value: report.value,
        written: report.written,
        kept: report.kept,
        bytes: report.bytes,
        bits_per_position: report.bytes as f64 * 8.0 / report.positions as f64,
        processes: world.size(),
        sent,
    };
    if out.processes > 1 {
        let sent: Vec<String> = out.sent.iter().map(u64::to_string).collect();
        eprintln!(
            "grundy: split across {} processes; bytes sent by each, from rank 0: {}",
            out.processes,
            sent.join(", ")
        );
    }
    if args.json {
        print_json(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    println!("{name}: {} positions reachable", out.positions);
    match out.value {
        Some(value) => println!("start: {value} (for the first player)"),
        None => println!(
            "stopped after tier {}: run the same command again to resume",
            out.written
                .iter()
                .chain(&out.kept)
                .min()
                .copied()
                .unwrap_or(0)
        ),
    }
    println!(
        "database: {}, {} bytes of tiers ({:.2} bits a position)",
        out.db, out.bytes, out.bits_per_position
    );
    Ok(ExitCode::SUCCESS)
}

/// The bytes each process sent, by rank (gathered from every process).
fn sent_by_rank(world: &dyn Cluster, mine: u64) -> anyhow::Result<Vec<u64>> {
    let all = world.all_gather(&mine.to_le_bytes())?;
    all.iter()
        .map(|b| {
            let bytes: [u8; 8] = b.as_slice().try_into().context("a process sent no count")?;
            Ok(u64::from_le_bytes(bytes))
        })
        .collect()
}
