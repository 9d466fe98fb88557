//! `grundy serve` as a test drives it: the binary on a free port, requests on their own
//! connections, and its memory and time read from outside (`/proc/PID/status` and `stat`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;

/// The server, killed when dropped.
pub struct Server {
    child: Child,
    addr: SocketAddr,
    /// Its log lines (standard error).
    pub log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// `grundy serve --port 0 ARGS`, once it has printed its address.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("grundy serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its output"))
            .read_line(&mut line)
            .expect("its first line");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|addr| addr.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let log = Arc::new(Mutex::new(Vec::new()));
        let lines = log.clone();
        let stderr = child.stderr.take().expect("its log");
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        Server { child, addr, log }
    }

    /// Sends one request on its own connection; returns the status and the body.
    pub fn send(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(self.addr).expect("a connection");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("a timeout");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: grundy\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .expect("the request is sent");
        // The server may refuse a large body by its declared length and close before it is
        // all sent: what it answers is still read.
        let _ = stream.write_all(body.as_bytes());
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("an answer");
        let text = String::from_utf8_lossy(&raw).into_owned();
        let status = text
            .get(9..12)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status in {:?}", &text[..text.len().min(200)]));
        let body = text.split_once("\r\n\r\n").map_or("", |(_, body)| body);
        (status, body.to_string())
    }

    /// POSTs `body` as JSON to `path`.
    pub fn post(&self, path: &str, body: &Value) -> (u16, String) {
        self.send("POST", path, &body.to_string())
    }

    /// A field of the server's `/proc/PID/status`, in MiB.
    pub fn memory(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's status");
        let kib: u64 = status
            .lines()
            .find_map(|line| line.strip_prefix(field))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {field} in the server's status"));
        kib >> 10
    }

    /// Resets the peak the server's `VmHWM` reports to what it holds now.
    pub fn reset_peak(&self) {
        std::fs::write(format!("/proc/{}/clear_refs", self.child.id()), "5")
            .expect("the peak is reset");
    }
}

/// The error message of a JSON error body.
pub fn error(body: &str) -> String {
    let value: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"));
    value["error"].as_str().expect("an error").to_string()
}
