//! Checkpoints on disk: saved atomically (a temporary file beside the checkpoint, synced,
//! then renamed over it) every so often, and read back to resume.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

/// Writes `bytes` to `path` through a temporary file beside it (`path` and `.tmp`),
/// synced, then renamed over it: a reader finds the old file or the new one, never a part.
///
/// # Errors
///
/// The first input/output error (the old file is then intact).
///
/// # Examples
///
/// ```
/// let path = std::env::temp_dir().join(format!("grundy-doc-{}.txt", std::process::id()));
/// grundy::run::write_atomically(&path, b"hello").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"hello");
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.to_path_buf().into_os_string();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut file = fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&tmp, path)?;
    // The rename itself is durable once the directory is synced (best effort: not every
    // system opens a directory).
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(dir) = fs::File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

/// Why a checkpoint file could not be read or saved (the cause is its
/// [`source`](std::error::Error::source)).
///
/// # Examples
///
/// ```
/// use grundy::run::Checkpoints;
/// let dir = std::env::temp_dir().join("grundy-doc-no-such-folder/x/y");
/// let mut checkpoints = Checkpoints::new(Some(dir.join("run.ckpt")), 0.0);
/// let err = checkpoints.save(b"data").unwrap_err();
/// assert!(err.to_string().starts_with("cannot save the checkpoint "));
/// assert!(std::error::Error::source(&err).is_some());
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum CheckpointFileError {
    /// The checkpoint exists but could not be read.
    #[error("cannot read the checkpoint {}", .path.display())]
    Read {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The checkpoint could not be written.
    #[error("cannot save the checkpoint {}", .path.display())]
    Write {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file the checkpoint counts on (a spill file) could not be synced first.
    #[error("cannot sync the {what} before the checkpoint")]
    Sync {
        /// The file, in words (`spill file`).
        what: &'static str,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

impl CheckpointFileError {
    /// The message and its cause on one line (`cannot save the checkpoint x: No such
    /// file or directory`), for front ends that show no chain of causes.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = grundy::run::CheckpointFileError::Sync {
    ///     what: "spill file",
    ///     source: std::io::Error::other("disk full"),
    /// };
    /// assert_eq!(err.line(), "cannot sync the spill file before the checkpoint: disk full");
    /// ```
    pub fn line(&self) -> String {
        match std::error::Error::source(self) {
            Some(cause) => format!("{self}: {cause}"),
            None => self.to_string(),
        }
    }
}

/// The checkpoints of one run: where they go (none: a run that keeps none), how often
/// they are due, when the last was saved.
///
/// # Examples
///
/// ```
/// use grundy::run::Checkpoints;
/// let path = std::env::temp_dir().join(format!("grundy-doc-ckpt-{}", std::process::id()));
/// let mut checkpoints = Checkpoints::new(Some(path.clone()), 30.0);
/// assert_eq!(checkpoints.load().unwrap(), None); // nothing to resume from yet
/// assert!(!checkpoints.due()); // 30 s have not passed
/// checkpoints.save(b"state").unwrap();
/// assert_eq!(checkpoints.load().unwrap().as_deref(), Some(&b"state"[..]));
/// std::fs::remove_file(&path).unwrap();
/// ```
#[derive(Clone, Debug)]
pub struct Checkpoints {
    path: Option<PathBuf>,
    every: Duration,
    last_save: Instant,
}

impl Checkpoints {
    /// Checkpoints saved to `path` every `every_seconds` (negative counts as 0, infinite
    /// or huge as never but when the run stops or ends).
    ///
    /// # Examples
    ///
    /// ```
    /// let checkpoints = grundy::run::Checkpoints::new(None, f64::INFINITY);
    /// assert_eq!(checkpoints.path(), None);
    /// ```
    pub fn new(path: Option<PathBuf>, every_seconds: f64) -> Self {
        Checkpoints {
            path,
            every: Duration::try_from_secs_f64(every_seconds.max(0.0)).unwrap_or(Duration::MAX),
            last_save: Instant::now(),
        }
    }

    /// Where the checkpoints go, if anywhere.
    ///
    /// # Examples
    ///
    /// ```
    /// let checkpoints = grundy::run::Checkpoints::new(Some("run.ckpt".into()), 1.0);
    /// assert_eq!(checkpoints.path(), Some(std::path::Path::new("run.ckpt")));
    /// ```
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The interval between saves.
    ///
    /// # Examples
    ///
    /// ```
    /// let checkpoints = grundy::run::Checkpoints::new(None, 2.5);
    /// assert_eq!(checkpoints.every(), std::time::Duration::from_millis(2500));
    /// ```
    pub fn every(&self) -> Duration {
        self.every
    }

    /// Whether a checkpoint is kept and the interval has passed since the last save.
    ///
    /// # Examples
    ///
    /// ```
    /// let checkpoints = grundy::run::Checkpoints::new(Some("run.ckpt".into()), 0.0);
    /// assert!(checkpoints.due());
    /// assert!(!grundy::run::Checkpoints::new(None, 0.0).due());
    /// ```
    pub fn due(&self) -> bool {
        self.path.is_some() && self.last_save.elapsed() >= self.every
    }

    /// Saves `bytes` as the checkpoint, atomically ([`write_atomically`]); nothing when
    /// none is kept.
    ///
    /// # Errors
    ///
    /// [`CheckpointFileError::Write`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::run::Checkpoints::new(None, 0.0).save(b"x").is_ok());
    /// ```
    pub fn save(&mut self, bytes: &[u8]) -> Result<(), CheckpointFileError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        write_atomically(path, bytes).map_err(|source| CheckpointFileError::Write {
            path: path.clone(),
            source,
        })?;
        self.last_save = Instant::now();
        Ok(())
    }

    /// The checkpoint to resume from: its bytes when the file exists, else `None` (and
    /// `None` when none is kept).
    ///
    /// # Errors
    ///
    /// [`CheckpointFileError::Read`] when it exists but cannot be read.
    ///
    /// # Examples
    ///
    /// ```
    /// let checkpoints = grundy::run::Checkpoints::new(Some("no/such/file".into()), 1.0);
    /// assert_eq!(checkpoints.load().unwrap(), None);
    /// ```
    pub fn load(&self) -> Result<Option<Vec<u8>>, CheckpointFileError> {
        match &self.path {
            Some(path) if path.exists() => {
                fs::read(path)
                    .map(Some)
                    .map_err(|source| CheckpointFileError::Read {
                        path: path.clone(),
                        source,
                    })
            }
            _ => Ok(None),
        }
    }
}
