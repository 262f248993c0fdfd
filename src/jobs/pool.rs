//! A pool of worker processes: at most N at a time, started in task order. A worker that
//! exits with an error, is killed, or leaves no acceptable result is reported on stderr
//! and started again, up to [`ATTEMPTS`] times in all; a task still failing then is an
//! error of its own, never dropped.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

/// How many times a task is started before it counts as failed.
pub const ATTEMPTS: usize = 3;

/// The process ids of the workers running now, so that an interrupted parent stops them
/// ([`stop_all`]) instead of leaving them to run on.
static RUNNING: std::sync::Mutex<Vec<u32>> = std::sync::Mutex::new(Vec::new());

/// Send SIGTERM to every worker still running (each then exits as an interrupted run)
/// and wait up to 2 s for them to end.
pub fn stop_all() {
    let pids = RUNNING.lock().map(|p| p.clone()).unwrap_or_default();
    for pid in &pids {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
    let end = std::time::Instant::now() + Duration::from_secs(2);
    while pids.iter().any(|&p| super::scratch::running(p)) && std::time::Instant::now() < end {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A worker started elsewhere ([`super::background`]), stopped with the others.
pub fn remember(pid: u32) {
    track(pid, true);
}

/// A worker that ended.
pub fn forget(pid: u32) {
    track(pid, false);
}

fn track(pid: u32, running: bool) {
    if let Ok(mut p) = RUNNING.lock() {
        p.retain(|&x| x != pid);
        if running {
            p.push(pid);
        }
    }
}

/// One worker's command: `program args…`, its stderr kept in `log`.
#[derive(Debug, Clone)]
pub struct Task {
    pub label: String,
    pub program: PathBuf,
    pub args: Vec<OsString>,
    pub log: PathBuf,
}

struct Running {
    task: usize,
    attempt: usize,
    child: Child,
}

/// Run every task on at most `workers` processes. `prepare(i)` runs just before task i's
/// worker first starts (writing its job file; an error fails the task). `accept(i)` reads task i's result once
/// its worker exited cleanly (an error sends it round again); `done(i)` is called as each
/// task finishes (accepted, or failed [`ATTEMPTS`] times). Returns, per task, `Ok` or why
/// its last attempt failed.
pub fn run(
    tasks: &[Task],
    workers: usize,
    mut prepare: impl FnMut(usize) -> Result<(), String>,
    mut accept: impl FnMut(usize) -> Result<(), String>,
    mut done: impl FnMut(usize, &Result<(), String>),
) -> Vec<Result<(), String>> {
    let mut out: Vec<Option<Result<(), String>>> = vec![None; tasks.len()];
    let mut waiting: std::collections::VecDeque<(usize, usize)> =
        (0..tasks.len()).map(|i| (i, 1)).collect();
    let mut running: Vec<Running> = Vec::new();
    while !waiting.is_empty() || !running.is_empty() {
        while running.len() < workers.max(1) {
            let Some((task, attempt)) = waiting.pop_front() else {
                break;
            };
            // Past the deadline or after a signal, a task is not started (nor again).
            if crate::options::expired() || crate::interrupt::interrupted() {
                let r = Err(crate::options::NOT_REACHED.to_string());
                done(task, &r);
                out[task] = Some(r);
                continue;
            }
            let started = match attempt {
                1 => prepare(task).and_then(|()| start(&tasks[task])),
                _ => start(&tasks[task]),
            };
            match started {
                Ok(child) => {
                    track(child.id(), true);
                    running.push(Running {
                        task,
                        attempt,
                        child,
                    })
                }
                Err(why) => {
                    let r = Err(why);
                    done(task, &r);
                    out[task] = Some(r);
                }
            }
        }
        let mut k = 0;
        let mut any = false;
        while k < running.len() {
            let status = match running[k].child.try_wait() {
                Ok(None) => {
                    k += 1;
                    continue;
                }
                Ok(Some(s)) => Ok(s),
                Err(e) => Err(e.to_string()),
            };
            any = true;
            let r = running.swap_remove(k);
            track(r.child.id(), false);
            let t = &tasks[r.task];
            let verdict = status
                .and_then(|s| exited(s, t))
                .and_then(|_| accept(r.task));
            match verdict {
                Ok(()) => {
                    done(r.task, &Ok(()));
                    out[r.task] = Some(Ok(()));
                }
                Err(why) if r.attempt < ATTEMPTS && !crate::interrupt::interrupted() => {
                    eprintln!(
                        "jobs: the worker of {} failed ({why}); starting it again (attempt {} of {ATTEMPTS})",
                        t.label,
                        r.attempt + 1
                    );
                    waiting.push_front((r.task, r.attempt + 1));
                }
                Err(why) => {
                    let r2 = Err(format!("its worker failed {ATTEMPTS} times, last: {why}"));
                    done(r.task, &r2);
                    out[r.task] = Some(r2);
                }
            }
        }
        if !any {
            std::thread::sleep(Duration::from_millis(40));
        }
    }
    out.into_iter()
        .map(|r| r.unwrap_or_else(|| Err("never run".into())))
        .collect()
}

fn start(t: &Task) -> Result<Child, String> {
    let log = std::fs::File::create(&t.log)
        .map_err(|e| format!("cannot create {}: {e}", t.log.display()))?;
    Command::new(&t.program)
        .args(&t.args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", t.program.display()))
}

/// `Ok` for a clean exit, else what happened, with the last line the worker wrote.
fn exited(s: ExitStatus, t: &Task) -> Result<(), String> {
    use std::os::unix::process::ExitStatusExt;
    if s.success() {
        return Ok(());
    }
    let how = match (s.code(), s.signal()) {
        (Some(c), _) => format!("exit code {c}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => "stopped".into(),
    };
    let last = std::fs::read_to_string(&t.log).ok().and_then(|l| {
        l.lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .map(str::to_string)
    });
    Err(match last {
        Some(line) => format!("{how}: {}", crate::claims::clip(&line, 200)),
        None => how,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shell task that fails in the way `first` says on its first run (a marker file
    /// remembers it) and writes its result on the next.
    fn task(dir: &std::path::Path, i: usize, first: &str) -> Task {
        let (mark, result) = (dir.join(format!("m{i}")), dir.join(format!("r{i}")));
        let script = format!(
            "if [ -e {m} ]; then echo ok > {r}; else touch {m}; {first}; fi",
            m = mark.display(),
            r = result.display()
        );
        Task {
            label: format!("task {i}"),
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            log: dir.join(format!("log{i}")),
        }
    }

    #[test]
    fn failed_and_killed_workers_run_again() {
        let dir = std::env::temp_dir().join(format!("gb-pool-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tasks = vec![
            task(&dir, 0, "echo broken >&2; exit 3"),
            task(&dir, 1, "kill -9 $$"),
            task(&dir, 2, "true"),
            task(&dir, 3, ":"),
        ];
        let mut finished = Vec::new();
        let mut prepared = Vec::new();
        let out = run(
            &tasks,
            2,
            |i| {
                prepared.push(i);
                Ok(())
            },
            |i| match dir.join(format!("r{i}")).is_file() {
                true => Ok(()),
                false => Err("no result".into()),
            },
            |i, _| finished.push(i),
        );
        assert!(out.iter().all(|r| r.is_ok()), "{out:?}");
        finished.sort();
        assert_eq!(finished, [0, 1, 2, 3]);
        // Each task is prepared once, as its first worker starts, in task order.
        assert_eq!(prepared, [0, 1, 2, 3]);
        // A task that never succeeds is reported failed, not dropped.
        let never = Task {
            label: "never".into(),
            program: "sh".into(),
            args: vec!["-c".into(), "echo no luck >&2; exit 5".into()],
            log: dir.join("never"),
        };
        let out = run(&[never], 1, |_| Ok(()), |_| Ok(()), |_, _| {});
        let why = out[0].as_ref().unwrap_err();
        assert!(why.contains("3 times") && why.contains("no luck"), "{why}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
