//! What the command line says and writes besides its answer: solver internals only with
//! `--verbose`, one meaning of `--out` (an episode file) refused by the verbs that write
//! none, and nothing written into `results/` or the temporary folder unless asked.

mod common;

use common::{run_ok, stderr};

/// HiGHS's presolve settles the 15-player Haggle bound at once and is checked again
/// without it: a step of the solver, said on stderr only with `--verbose`.
#[test]
fn solver_internals_need_verbose() {
    for args in [
        &["haggle", "bound", "--players", "15"][..],
        &[
            "haggle",
            "compare",
            "--players",
            "15",
            "--vary",
            "rule10.bonus=5",
        ],
    ] {
        let err = stderr(&run_ok(args));
        assert!(!err.contains("presolve"), "{args:?}: {err}");
        let verbose = stderr(&run_ok(&[args, &["--verbose"]].concat()));
        assert!(
            verbose.contains("solving it again without presolve"),
            "{args:?}: {verbose}"
        );
    }
}
