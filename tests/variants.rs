//! Rule variants as flags: `--set KEY=VALUE` and `compare --vary KEY=V1,V2` in every game,
//! bad keys and bad values (exit 2, one line naming the key), and episodes solved under
//! overridden rules verified under exactly those rules.

mod common;

use common::{run_bad_input, run_ok, scratch, stdout};
use serde_json::Value;

fn json_rows(args: &[&str]) -> Vec<Value> {
    let out = run_ok(args);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("compare --json prints JSON");
    v.as_array().expect("an array of rows").clone()
}

fn values(rows: &[Value]) -> Vec<i64> {
    rows.iter()
        .map(|r| {
            assert_eq!(r["proven"], true, "{r}");
            assert!(r["certified"].is_string(), "{r}");
            assert_eq!(r["value"], r["bound"], "{r}");
            r["value"].as_f64().unwrap() as i64
        })
        .collect()
}

#[test]
fn lost_cities_compare_colours_gives_the_two_edition_bounds() {
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "lost-cities",
        "compare",
        "--vary",
        "colours=5,6",
    ]);
    assert_eq!(values(&rows), [580, 740]);
    assert_eq!(rows[1]["settings"]["colours"], "6");
}

#[test]
fn lost_cities_set_and_grid_on_a_miniature() {
    // Two wagers instead of one on the 2x3 miniature: the grid's rows are the bounds
    // `bound --set` proves one at a time.
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "lost-cities",
        "compare",
        "--variant",
        "models/lost-cities/mini-2x3.json",
        "--vary",
        "wagers=0,1",
        "--vary",
        "bonus=0,50",
    ]);
    assert_eq!(rows.len(), 4);
    let grid = values(&rows);
    for (row, v) in rows.iter().zip(&grid) {
        let w = format!("wagers={}", row["settings"]["wagers"].as_str().unwrap());
        let b = format!("bonus={}", row["settings"]["bonus"].as_str().unwrap());
        let one = run_ok(&[
            "--quiet",
            "--json",
            "lost-cities",
            "bound",
            "--variant",
            "models/lost-cities/mini-2x3.json",
            "--set",
            &w,
            "--set",
            &b,
        ]);
        let env: Value = serde_json::from_str(&stdout(&one)).unwrap();
        assert_eq!(env["value"].as_f64().unwrap() as i64, *v, "{w} {b}");
    }
}

#[test]
fn lost_cities_bad_keys_and_values() {
    let e = run_bad_input(&["lost-cities", "bound", "--set", "no_such_key=1"]);
    assert!(
        e.contains("no_such_key") && e.contains("bonus_cards, colours"),
        "{e}"
    );
    let e = run_bad_input(&["lost-cities", "bound", "--set", "wagers=many"]);
    assert!(e.contains("wagers") && e.contains("number"), "{e}");
    let e = run_bad_input(&["lost-cities", "bound", "--set", "hand_size=40"]);
    assert!(
        e.contains("--set hand_size=40") && e.contains("hand_size"),
        "{e}"
    );
    let e = run_bad_input(&["lost-cities", "compare", "--vary", "colours=5,9"]);
    assert!(e.contains("colours") && e.contains("1 to 6"), "{e}");
    let e = run_bad_input(&["lost-cities", "compare", "--vary", "colours"]);
    assert!(e.contains("KEY=V1,V2"), "{e}");
    let e = run_bad_input(&["lost-cities", "bound", "--set", "wagers"]);
    assert!(e.contains("KEY=VALUE"), "{e}");
}

#[test]
fn episodes_record_the_rules_they_were_solved_under() {
    let dir = scratch("variants-episodes");
    let cases: [(&str, Vec<&str>, &str, Value); 4] = [
        (
            "lc.json",
            vec!["lost-cities", "bound", "--set", "wagers=2"],
            "/wagers",
            Value::from(2),
        ),
        (
            "haggle.json",
            vec![
                "haggle",
                "bound",
                "--players",
                "3",
                "--set",
                "seven_rule=minus10_per_colour",
            ],
            "/seven_rule",
            Value::from("minus10_per_colour"),
        ),
        (
            "traveller.json",
            vec![
                "traveller",
                "bound",
                "--board",
                "models/traveller/classic.pl",
                "--steps",
                "8",
                "--set",
                "capacity=400",
            ],
            "/rules/capacity",
            Value::from(400.0),
        ),
        (
            "ma.json",
            vec![
                "modern-art",
                "bound",
                "--variant",
                "models/modern-art/mini/m22-every-symbol.json",
                "--set",
                "threshold.2=2",
            ],
            "/variant/threshold/2",
            Value::from(2),
        ),
    ];
    for (file, args, pointer, want) in cases {
        let path = dir.join(file);
        let mut all = vec!["--quiet", "--out", path.to_str().unwrap()];
        all.extend(args.iter().copied());
        run_ok(&all);
        let env: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(env["variant"].pointer(pointer), Some(&want), "{file}");
        run_ok(&["verify", path.to_str().unwrap()]);
    }
}

#[test]
fn haggle_set_vary_and_bad_input() {
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "haggle",
        "compare",
        "--players",
        "3",
        "--vary",
        "seven_rule=eliminate,minus10_per_colour",
        "--vary",
        "rules=1-15;1-8",
    ]);
    assert_eq!(rows.len(), 4);
    values(&rows);
    let e = run_bad_input(&["haggle", "bound", "--players", "3", "--set", "seven=1"]);
    assert!(
        e.contains("unknown key `seven`") && e.contains("seven_rule"),
        "{e}"
    );
    let e = run_bad_input(&["haggle", "bound", "--players", "3", "--set", "seven_rule=x"]);
    assert!(
        e.contains("--set seven_rule=x") && e.contains("minus10_per_colour"),
        "{e}"
    );
    let e = run_bad_input(&[
        "haggle",
        "score",
        "--hand",
        "1/1/1/1/1",
        "--set",
        "rules=16",
    ]);
    assert!(e.contains("--set rules=16") && e.contains("1-15"), "{e}");
    let e = run_bad_input(&[
        "haggle",
        "compare",
        "--players",
        "3",
        "--vary",
        "eliminated_compete=true,maybe",
    ]);
    assert!(
        e.contains("eliminated_compete") && e.contains("true or false"),
        "{e}"
    );
    // Every rule's numbers are keys: the grid over one, and values out of range.
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "haggle",
        "compare",
        "--players",
        "3",
        "--set",
        "seven_rule=minus10_per_colour",
        "--vary",
        "rule6.penalty=10,30",
    ]);
    let v = values(&rows);
    assert!(
        v[0] >= v[1],
        "a bigger rule-6 penalty never raises the best hand: {v:?}"
    );
    let e = run_bad_input(&[
        "haggle",
        "bound",
        "--players",
        "3",
        "--set",
        "rule9.penalty=500",
    ]);
    assert!(
        e.contains("--set rule9.penalty=500") && e.contains("0-100"),
        "{e}"
    );
    let e = run_bad_input(&[
        "haggle",
        "bound",
        "--players",
        "3",
        "--set",
        "rule1.orange=6",
    ]);
    assert!(
        e.contains("rule1.orange") && e.contains("multiple of 4"),
        "{e}"
    );
    let e = run_bad_input(&["haggle", "bound", "--players", "3", "--set", "rule9=5"]);
    assert!(
        e.contains("rule9.count") && e.contains("rule9.penalty"),
        "{e}"
    );
}

#[test]
fn traveller_set_vary_and_bad_input() {
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "traveller",
        "compare",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "10",
        "--vary",
        "capacity=200,1000",
        "--set",
        "fuel=10",
    ]);
    let v = values(&rows);
    assert!(v[0] <= v[1], "a bigger lorry never earns less: {v:?}");
    let e = run_bad_input(&[
        "traveller",
        "bound",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "5",
        "--set",
        "lorry=5",
    ]);
    assert!(
        e.contains("unknown key `lorry`") && e.contains("capacity"),
        "{e}"
    );
    let e = run_bad_input(&[
        "traveller",
        "bound",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "5",
        "--set",
        "fuel=30",
    ]);
    assert!(e.contains("--set fuel=30") && e.contains("tank"), "{e}");
    let e = run_bad_input(&[
        "traveller",
        "compare",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "5",
        "--vary",
        "tank=10,ten",
    ]);
    assert!(
        e.contains("tank=ten") && e.contains("holds a number"),
        "{e}"
    );
}

/// A cell whose values the rules refuse is a failed row with its reason, the other cells
/// solved (exit 2 after the table, as for a cell that fails to solve); a grid of refused
/// cells only, or a key both fixed and varied, is refused before anything is solved.
#[test]
fn a_cell_the_rules_refuse_is_a_failed_row() {
    let args = [
        "--quiet",
        "traveller",
        "compare",
        "--steps",
        "5",
        "--vary",
        "tank=10,20",
    ];
    let with_json = [&args[..], &["--json"]].concat();
    for (args, json) in [(&args[..], false), (&with_json[..], true)] {
        let o = common::run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = common::stderr(&o);
        assert_eq!(
            err.trim(),
            "error: 1 of 2 cells failed: tank=10: --set tank=10: key `fuel`: 20 does not fit \
             a tank of 10 (`tank`)"
        );
        let out = stdout(&o);
        if json {
            let rows: Vec<Value> = serde_json::from_str(&out).unwrap();
            assert_eq!(rows[0]["status"], "failed", "{out}");
            assert!(rows[0]["error"].as_str().unwrap().contains("does not fit"));
            assert!(rows[0]["value"].is_null(), "{out}");
            assert_eq!(rows[1]["status"], "proven", "{out}");
            assert!(rows[1]["certified"].is_string(), "{out}");
        } else {
            let lines: Vec<&str> = out.lines().collect();
            assert!(
                lines[2].starts_with("| 10   | -     | -     | failed: --set tank=10: key `fuel`"),
                "{out}"
            );
            assert!(
                lines[3].starts_with("| 20 ") && lines[3].contains("| proven "),
                "{out}"
            );
        }
    }
    // On workers the refused cell is the same failed row.
    let on_two = [&with_json[..], &["--jobs", "2"]].concat();
    let o = common::run(&on_two);
    assert_eq!(o.status.code(), Some(2));
    let rows: Vec<Value> = serde_json::from_str(&stdout(&o)).unwrap();
    let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(status, ["failed", "proven"]);
    assert!(rows[0]["error"]
        .as_str()
        .unwrap()
        .contains("does not fit a tank of 10"));
    let e = run_bad_input(&[
        "traveller",
        "compare",
        "--steps",
        "5",
        "--vary",
        "tank=5,10",
    ]);
    assert!(
        e.contains("tank=5: --set tank=5: key `fuel`") && e.contains("every cell is refused"),
        "{e}"
    );
    let e = run_bad_input(&[
        "traveller",
        "compare",
        "--steps",
        "5",
        "--set",
        "tank=30",
        "--vary",
        "tank=10,20",
    ]);
    assert_eq!(
        e.trim(),
        "error: --set tank=30 and --vary tank=10,20: key `tank` is either fixed or varied; drop one"
    );
    let e = run_bad_input(&[
        "modern-art",
        "compare",
        "--set",
        "award_value=1",
        "--vary",
        "award_value=2,3",
    ]);
    assert!(
        e.contains("key `award_value` is either fixed or varied"),
        "{e}"
    );
}

/// The board is a key of the rules: one grid over both shipped boards gives the bounds of
/// the committed episodes for 20 steps, and `--board` still names a file.
#[test]
fn traveller_board_is_a_rules_key() {
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "traveller",
        "compare",
        "--steps",
        "20",
        "--vary",
        "board=classic,large",
    ]);
    let bounds: Vec<f64> = rows
        .iter()
        .map(|r| {
            assert_eq!(r["proven"], true, "{r}");
            r["value"].as_f64().unwrap()
        })
        .collect();
    for (board, got) in ["classic", "large"].iter().zip(&bounds) {
        let path = format!("games/traveller-{board}-t20.json");
        let env: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(env["value"].as_f64(), Some(*got), "{path}");
    }
    let by_file = json_rows(&[
        "--quiet",
        "--json",
        "traveller",
        "compare",
        "--board",
        "models/traveller/large.pl",
        "--steps",
        "20",
        "--vary",
        "fuel=20",
    ]);
    assert_eq!(by_file[0]["value"].as_f64(), Some(bounds[1]));
    let e = run_bad_input(&["traveller", "bound", "--steps", "5", "--set", "board=huge"]);
    assert!(
        e.contains("--set board=huge") && e.contains("classic, large"),
        "{e}"
    );
}

#[test]
fn modern_art_compare_vary_on_a_miniature() {
    let dir = scratch("variants-ma");
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "modern-art",
        "compare",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--vary",
        "threshold.2=2,3",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(values(&rows), [15, 17]);
    for r in &rows {
        let file = r["episode"]
            .as_str()
            .expect("--out-dir DIR writes each cell");
        run_ok(&["verify", file]);
    }
    // One reading at a time (as `make readings`): the file's own row, then each value.
    let once = json_rows(&[
        "--quiet",
        "--json",
        "modern-art",
        "compare",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--one-at-a-time",
        "--vary",
        "threshold.2=2,3",
        "--vary",
        "award_target=own",
    ]);
    assert_eq!(values(&once), [17, 15, 17, 17]);
    let settings: Vec<String> = once.iter().map(|r| r["settings"].to_string()).collect();
    assert_eq!(
        settings,
        [
            "{}",
            r#"{"threshold.2":"2"}"#,
            r#"{"threshold.2":"3"}"#,
            r#"{"award_target":"own"}"#
        ]
    );
    let e = run_bad_input(&[
        "modern-art",
        "bound",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--set",
        "thresh=2",
    ]);
    assert!(
        e.contains("unknown key `thresh`") && e.contains("threshold.2"),
        "{e}"
    );
    let e = run_bad_input(&[
        "modern-art",
        "compare",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--vary",
        "threshold.2=0,61",
    ]);
    // Every cell refused: the grid is, before anything is solved.
    assert!(
        e.contains("threshold.2=0") && e.contains("must be 1 to"),
        "{e}"
    );
    let e = run_bad_input(&[
        "modern-art",
        "bound",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--set",
        "deal=3",
    ]);
    assert!(e.contains("deal.2"), "{e}");
}

#[test]
fn the_bound_verb_and_its_old_names() {
    for verb in ["bound", "solve"] {
        run_ok(&[
            "--quiet",
            "modern-art",
            verb,
            "--variant",
            "models/modern-art/mini/m01-plain.json",
        ]);
    }
    for verb in ["bound", "max"] {
        run_ok(&["--quiet", "cribbage", verb]);
    }
}

#[test]
fn cribbage_set_vary_and_bad_input() {
    // A house rule set on the command line changes exactly the count it names.
    let with = |extra: &[&str]| {
        let mut args = vec!["cribbage", "score", "2H", "4H", "6H", "8H", "--start", "KS"];
        args.extend_from_slice(extra);
        stdout(&run_ok(&args))
    };
    assert!(with(&["--crib"]).contains("**total 0**"));
    let four = with(&["--crib", "--set", "crib_four_card_flush=true"]);
    assert!(four.contains("**total 4**"), "{four}");
    // The grid: one proven, certified row per value.
    let rows = json_rows(&[
        "--quiet",
        "--json",
        "cribbage",
        "compare",
        "--vary",
        "players=2,3",
        "--set",
        "hand_four_card_flush=false",
    ]);
    assert_eq!(values(&rows), [29, 29]);
    assert_eq!(rows[1]["settings"]["players"], "3");
    let err = run_bad_input(&["cribbage", "bound", "--set", "no_such_key=1"]);
    assert!(
        err.contains("valid keys") && err.contains("players"),
        "{err}"
    );
    let err = run_bad_input(&["cribbage", "bound", "--set", "players=5"]);
    assert!(err.contains("`players`"), "{err}");
    let err = run_bad_input(&["cribbage", "compare", "--vary", "players=5,9"]);
    assert!(
        err.contains("players=5") && err.contains("every cell"),
        "{err}"
    );
}

/// `compare` draws its grid: `--chart FILE.svg` and `--out-dir DIR` (the cells, the table
/// and the chart, the table embedding it), the SVG parsing and showing every cell's
/// number; `--json` prints the rows as ever.
#[test]
fn compare_draws_its_grid() {
    let dir = scratch("variants-chart");
    let cells = dir.join("cells");
    let _ = std::fs::remove_dir_all(&cells);
    std::fs::create_dir_all(&cells).unwrap();
    let chart = dir.join("grid.svg");
    let grid = [
        "--quiet",
        "lost-cities",
        "compare",
        "--vary",
        "colours=5,6",
        "--vary",
        "wagers=2,3",
    ];
    let extra = [
        "--out-dir",
        cells.to_str().unwrap(),
        "--chart",
        chart.to_str().unwrap(),
    ];
    let rows = json_rows(&[&grid[..], &["--json"], &extra].concat());
    assert_eq!(values(&rows), [446, 580, 582, 740]);
    assert!(
        rows.iter().all(|r| r.as_object().unwrap().len() == 9),
        "{rows:?}"
    );
    let page = std::fs::read_to_string(cells.join("lost-cities-compare.md")).unwrap();
    assert!(page.starts_with("![lost-cities compare"), "{page}");
    assert!(page.contains("](lost-cities-compare.svg)"), "{page}");
    assert!(page.contains("| colours | wagers | value"), "{page}");
    for svg in [chart.clone(), cells.join("lost-cities-compare.svg")] {
        let text = std::fs::read_to_string(&svg).unwrap();
        let doc = roxmltree::Document::parse(&text).expect("the chart parses");
        let shown: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        for v in ["446", "580", "582", "740", "colours", "wagers"] {
            assert!(shown.contains(&v), "{}: {v} in {shown:?}", svg.display());
        }
    }
    for r in &rows {
        run_ok(&[
            "verify",
            r["episode"].as_str().expect("--out-dir writes each cell"),
        ]);
    }
    // Without --json the table printed starts with the chart's link, by its file name.
    let o = run_ok(&[&grid[..], &["--chart", chart.to_str().unwrap()]].concat());
    assert!(
        stdout(&o).starts_with("![lost-cities compare: the value of every cell](grid.svg)\n\n|"),
        "{}",
        stdout(&o)
    );
    // The chart drawn again from the saved table alone.
    let md = dir.join("saved.md");
    std::fs::write(&md, format!("# Saved grid\n\n{}", stdout(&run_ok(&grid)))).unwrap();
    run_ok(&["--quiet", "chart", md.to_str().unwrap()]);
    let page = std::fs::read_to_string(&md).unwrap();
    assert!(
        page.contains("![Saved grid](saved.svg)\n\n| colours"),
        "{page}"
    );
    let again = std::fs::read_to_string(dir.join("saved.svg")).unwrap();
    assert!(again.contains(">740</text>"), "{again}");
}

/// `compare`'s folder is checked before any cell is solved: a missing folder, a file where
/// the folder should be, `--out` (one episode's file) and a chart that is not `.svg` are
/// each one line and exit 2, with no cell's progress line (`[1/4] …`) and no table.
#[test]
fn compare_checks_its_folder_before_solving() {
    let dir = scratch("variants-out-dir");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let missing = dir.join("missing");
    let _ = std::fs::remove_dir_all(&missing);
    let missing_chart = missing.join("g.svg");
    let grid = [
        "lost-cities",
        "compare",
        "--vary",
        "colours=5,6",
        "--vary",
        "wagers=2,3",
    ];
    let cases: [(&[&str], &str); 5] = [
        (
            &["--out-dir", missing.to_str().unwrap()],
            "the folder does not exist",
        ),
        (
            &["--out-dir", file.to_str().unwrap()],
            "is a file; give a folder",
        ),
        (&["--out", "cmp.json"], "give --out-dir DIR"),
        (&["--chart", "grid.md"], "must end .svg"),
        (
            &["--chart", missing_chart.to_str().unwrap()],
            "does not exist",
        ),
    ];
    for (extra, want) in cases {
        let args = [&grid[..], extra].concat();
        let o = common::run(&args);
        let e = common::bad_input(&o, &args);
        assert!(e.contains(want), "{extra:?}: {e}");
        assert!(!e.contains("[1/4]"), "solved: {e}");
        assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    }
    assert!(!missing.exists());
    let help = stdout(&common::run(&["lost-cities", "compare", "--help"]));
    assert!(
        help.contains("--out-dir <DIR>") && help.contains("--chart <FILE.svg>"),
        "{help}"
    );
    assert!(help.contains("takes --out-dir DIR instead"), "{help}");
}
