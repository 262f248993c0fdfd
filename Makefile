# gamebounds — the README's two commands are `make demo` and `make test`.
# Both install what a fresh machine lacks (cmake, libclang, ccache), then build and run.
# Everything builds in the release profile: HiGHS (C++) is compiled once per cargo
# profile, so tests use release too; ccache makes a rebuild of HiGHS take under a minute.

SHELL := /bin/bash
BIN := target/release/gamebounds

# ccache for HiGHS's C++ (set only when ccache is present: `setup` installs it).
ifneq ($(shell command -v ccache 2>/dev/null),)
export CMAKE_C_COMPILER_LAUNCHER := ccache
export CMAKE_CXX_COMPILER_LAUNCHER := ccache
export CCACHE_BASEDIR := $(CURDIR)
endif
# libclang from pip when the system has none (the fallback path of `setup`).
ifeq ($(wildcard /usr/lib/llvm-*/lib/libclang.so* /usr/lib/llvm-*/lib/libclang-[0-9]*.so*),)
PIP_LIBCLANG := $(shell python3 -c 'import clang,os;print(os.path.join(os.path.dirname(clang.__file__),"native"))' 2>/dev/null)
ifneq ($(PIP_LIBCLANG),)
export LIBCLANG_PATH := $(PIP_LIBCLANG)
endif
endif

.PHONY: demo test setup build lint results readings variants bench bench-certify bench-general bench-worlds bench-world-search bench-parallel clean-results site pictures audit

demo: setup
	@$(MAKE) --no-print-directory build
	@mkdir -p target/demo
	@echo "== Modern Art, a miniature with every symbol: the ILP's proof, then the referee's certificate =="
	$(BIN) --quiet modern-art solve --variant models/modern-art/mini/m22-every-symbol.json --out target/demo/mini.json
	$(BIN) verify target/demo/mini.json
	@echo
	@echo "== Modern Art, 2 players, the public MiniZinc model's rules (it reached 301): the split proof, 60 s per part at most =="
	$(BIN) modern-art solve --players 2 --variant models/modern-art/anchor.json --part-limit 60 --out target/demo/anchor-2p.json

# --workspace: the core crate's own tests (crates/core) run too.
test: setup
	@$(MAKE) --no-print-directory build
	cargo test --release --workspace

# Install the build prerequisites of highs-sys when missing (apt-get first, pip fallback),
# GNU parallel (tests/jobs.rs runs --emit-jobs jobs with it), and what the site test
# needs: Debian's chromium, node and npm, and playwright-core (npm ci
# from tests/site's lock file; it drives /usr/bin/chromium and downloads no browser).
setup:
	@missing=""; \
	command -v cmake >/dev/null 2>&1 || missing="$$missing cmake"; \
	ls /usr/lib/llvm-*/lib/libclang.so* /usr/lib/llvm-*/lib/libclang-[0-9]*.so* >/dev/null 2>&1 || missing="$$missing libclang-dev"; \
	command -v ccache >/dev/null 2>&1 || missing="$$missing ccache"; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium fonts-dejavu-core"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing nodejs npm"; \
	command -v parallel >/dev/null 2>&1 || missing="$$missing parallel"; \
	if [ -n "$$missing" ]; then \
	  echo "setup: installing$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
	  { $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; } \
	    || echo "setup: apt-get failed; trying pip"; \
	fi; \
	command -v cmake >/dev/null 2>&1 || python3 -m pip install --quiet cmake; \
	ls /usr/lib/llvm-*/lib/libclang.so* /usr/lib/llvm-*/lib/libclang-[0-9]*.so* >/dev/null 2>&1 || python3 -m pip install --quiet libclang; \
	command -v cmake >/dev/null 2>&1 || { echo "setup: cmake is still missing: install it (apt-get install cmake or pip install cmake)"; exit 1; }
	@command -v parallel >/dev/null 2>&1 || { echo "setup: GNU parallel is missing (apt-get install parallel): tests/jobs.rs runs emitted jobs with it"; exit 1; }
	@[ -x /usr/bin/chromium ] || { echo "setup: /usr/bin/chromium is missing (apt-get install chromium): the site test needs it"; exit 1; }
	@[ -d tests/site/node_modules/playwright-core ] || (cd tests/site && npm ci --no-audit --no-fund --loglevel=error)

build:
	cargo build --release

# The static HTML site of games/ and results/ (open target/site/index.html).
site: build
	$(BIN) site target/site

# One picture per game for docs/pictures.md, drawn from committed episodes.
PICTURES := modern-art:games/modern-art-2p-standard cribbage:games/cribbage-max-29 \
	lost-cities:games/lost-cities-5-seed-1 haggle:games/haggle-spec-example \
	traveller:games/traveller-classic-t20
pictures: build
	@mkdir -p docs/pictures
	@for p in $(PICTURES); do \
	  $(BIN) render $${p#*:}.json --svg docs/pictures/$${p%%:*}.svg && echo "wrote docs/pictures/$${p%%:*}.svg"; \
	done

lint:
	cargo fmt --all --check
	cargo clippy --workspace --release --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --workspace --release --no-deps --document-private-items

# Regenerate games/ and results/ (solved episodes, bound tables, benchmark reports).
results: setup
	@$(MAKE) --no-print-directory build
	$(BIN) modern-art results --part-limit 300
	@$(MAKE) --no-print-directory readings
	$(BIN) cribbage results
	$(BIN) cribbage variants --quiet
	$(BIN) cribbage bench --quiet
	$(BIN) lost-cities results
	$(BIN) haggle table --players 2-6,8,10,12,15 --report results/haggle-bounds.md --quiet > /dev/null
	$(BIN) haggle bound --players 15 --quiet --out games/haggle-15p-max-player.json > /dev/null
	$(BIN) haggle bound --players 15 --objective max-total --quiet --out games/haggle-15p-max-total.json > /dev/null
	$(BIN) haggle simulate --players 15 --seed 1 --rounds 5 --quiet --out games/haggle-15p-simulate-seed1.json > /dev/null
	$(BIN) haggle score --variant models/haggle/spec-tests.json --hand 2/1/3/3/4 --hand 3/5/3/0/1 --hand 3/1/1/7/1 --hand 0/3/4/2/1 --quiet --out games/haggle-spec-example.json > /dev/null
	$(BIN) haggle goal --known 1,5,11,15 --hand 3/1/3/3/2 --quiet --out games/haggle-goal-example.json > /dev/null
	$(BIN) haggle bench --repeats 7 --quiet > /dev/null
	$(BIN) traveller results --part-limit 120
	$(BIN) --quiet modern-art search --variant models/modern-art/mini/m25-mixed-two-rounds.json --out games/modern-art-mini-m25-search.json >/dev/null
	@$(MAKE) --no-print-directory variants
	@$(MAKE) --no-print-directory audit

# Every committed proven episode audited (each part solved again, safe bounds):
# results/audit.md, about an hour on one core (40 minutes for the Modern Art episodes,
# 18 for the Traveller T = 100 search). AUDIT="games/a.json games/b.json" audits only
# those and updates their rows (the others are kept in results/audit.rows.json).
AUDIT ?= $(sort $(wildcard games/*.json))
audit: setup
	@$(MAKE) --no-print-directory build
	$(BIN) audit $(AUDIT) --report results/audit.md

# Rule variants through `compare --vary` (about a minute in all): results/*-variants.md,
# each with its chart (results/*-variants.svg) embedded above the table.
HAGGLE_OMIT := 1-15;2-15;1,3-15;1-2,4-15;1-3,5-15;1-4,6-15;1-5,7-15;1-6,8-15;1-7,9-15;1-8,10-15;1-9,11-15;1-10,12-15;1-11,13-15;1-12,14-15;1-13,15;1-14
variants: setup
	@$(MAKE) --no-print-directory build
	{ echo "# Lost Cities: rule variants"; echo; \
	  echo "Player 1's highest score in one round (free deck order, cooperating opponent) for every combination of colours (the edition's first N), the bonus threshold (\`bonus_cards\`: cards on an expedition that earn the 20-point bonus) and the wagers per colour; every other key as in \`models/lost-cities/classic-5.json\`. Each row is an ILP optimum with a full game reaching it, replayed by the referee (*certified*)."; echo; \
	  echo "Regenerate: \`make variants\` (\`lost-cities compare --vary colours=5,6 --vary bonus_cards=7,8,9 --vary wagers=2,3\`; add \`--out-dir DIR\` for the episodes)."; echo; \
	  $(BIN) --quiet lost-cities compare --vary colours=5,6 --vary bonus_cards=7,8,9 --vary wagers=2,3 --chart results/lost-cities-variants.svg; \
	} > results/lost-cities-variants.md.tmp && mv results/lost-cities-variants.md.tmp results/lost-cities-variants.md
	{ echo "# Haggle: rule variants, 15 players"; echo; \
	  echo "The highest score one hand can reach with 15 players (a deck of 30 cards per colour, the other hands cooperating), with rule 9 as elimination (\`seven_rule=eliminate\`, the standard reading) and as a 10-point penalty per colour held seven or more times (\`minus10_per_colour\`, as the MysTrade web edition scores it), with all 15 rules and with each rule left out in turn (\`rules\`). Each row is an ILP optimum whose hands the referee re-scores (*certified*)."; echo; \
	  echo "Regenerate: \`make variants\` (\`haggle compare --players 15 --vary seven_rule=eliminate,minus10_per_colour --vary 'rules=1-15;2-15;…'\`)."; echo; \
	  $(BIN) --quiet haggle compare --players 15 --vary seven_rule=eliminate,minus10_per_colour --vary "rules=$(HAGGLE_OMIT)" --chart results/haggle-variants.svg; \
	} > results/haggle-variants.md.tmp && mv results/haggle-variants.md.tmp results/haggle-variants.md
	{ echo "# Traveller: rule variants"; echo; \
	  echo "The most cash after 50 steps on the classic board from square 67, with £5000 and 10 units of fuel at the start, for lorries of 500, 1000 and 2000 cu ft (\`capacity\`) and tanks of 10, 20 and 30 units (\`tank\`). Each row is the event search's (or the ILP's) proven optimum, its plan replayed by the referee (*certified*)."; echo; \
	  echo "Regenerate: \`make variants\` (\`traveller compare --board models/traveller/classic.pl --steps 50 --vary capacity=500,1000,2000 --vary tank=10,20,30 --set fuel=10 --part-limit 120\`)."; echo; \
	  $(BIN) --quiet traveller compare --board models/traveller/classic.pl --steps 50 --vary capacity=500,1000,2000 --vary tank=10,20,30 --set fuel=10 --part-limit 120 --chart results/traveller-variants.svg; \
	} > results/traveller-variants.md.tmp && mv results/traveller-variants.md.tmp results/traveller-variants.md

# Benchmarks (speed targets live here, never in timed tests): each game's bench verb
# writes results/bench-<game>.md with medians.
# Modern Art's disputed readings (standard with one key flipped), 2 players, 300 s per
# part (about 10 min): results/modern-art-readings.md, by `compare --vary` one reading at a
# time, with its chart (results/modern-art-readings.svg). READINGS_VARY is the list of
# readings (the keys models/modern-art/readings/*.json flip). To redraw the chart from the
# table alone: `gamebounds chart results/modern-art-readings.md`.
READINGS_VARY := --vary award_target=own --vary chain_symbols=true \
	--vary extra_card=first_round,none --vary hidden_counts_for_close=true \
	--vary hidden_same_artist=true --vary award_pays_unranked=true \
	--vary resolve_closing_symbol=true
readings: setup
	@$(MAKE) --no-print-directory build
	{ echo "# Modern Art: the disputed readings, 2 players"; echo; \
	  echo "The first row is \`standard.json\`; each other row is standard with one disputed rule read the other way (the key and value in its column; the same readings as the files in \`models/modern-art/readings/\`; \`blessed.json\` is in \`results/modern-art.md\`). Each row is one proof of the best score of one seat (\`--split tokens-leads\`: the split over the award tokens, artists with the same symbols renamed, then the rounds the token artist leads; 300 s per part, 1 thread), its game replayed by the referee (*certified*); *value* is a proven maximum where the status says so."; echo; \
	  echo "Regenerate: \`make readings\` (\`modern-art compare --variant models/modern-art/standard.json --players 2 --split tokens-leads --part-limit 300 --one-at-a-time $(READINGS_VARY)\`)."; echo; \
	  $(BIN) --quiet modern-art compare --variant models/modern-art/standard.json --players 2 --split tokens-leads --part-limit 300 --one-at-a-time $(READINGS_VARY) --chart results/modern-art-readings.svg; \
	} > results/modern-art-readings.md.tmp && mv results/modern-art-readings.md.tmp results/modern-art-readings.md

bench: setup
	@$(MAKE) --no-print-directory build
	$(BIN) modern-art bench --runs 3
	$(BIN) cribbage bench --quiet
	$(BIN) haggle bench --quiet
	$(BIN) lost-cities bench
	$(BIN) traveller bench
	$(BIN) traveller bench --labels --steps 20,50,80,100,150,200 --report results/bench-traveller-labels.md
	$(BIN) traveller bench --labels --board models/traveller/large.pl --steps 20,40,60,100 --report results/bench-traveller-labels-large.md

# The proofs of the committed standard maxima, 2–5 players, median of 3 runs (about
# 3½ minutes a run of all four, 1500 s per part at most): results/bench-modern-art-certify.md.
# The report is rewritten after each player count; `--players 4` re-times one row.
bench-certify: setup
	@$(MAKE) --no-print-directory build
	$(BIN) modern-art bench --certify --runs 3

# The general suite (models/modern-art/general/, 16 variants nobody tuned for, 2–5
# players), each solved from scratch, 1 thread, one run, at most 10 minutes each, two
# at once (up to 80 minutes): results/bench-modern-art-general.md, rewritten after each
# variant.
bench-general: setup
	@$(MAKE) --no-print-directory build
	$(BIN) modern-art bench --suite --runs 1 --jobs 2

# Modern Art inside one ranking world, one leaf and at the root (issue #69's stage 1),
# each instance of models/modern-art/bench/worlds.json solved once, 1 thread, at most
# 600 s (about half an hour): results/bench-modern-art-worlds.md.
bench-worlds: setup
	@$(MAKE) --no-print-directory build
	$(BIN) modern-art bench --worlds

# #69's world search (models/modern-art/bench/world-search.json): each leaf's worlds bounded
# by warm LPs, against a known game.
bench-world-search: setup
	@$(MAKE) --no-print-directory build
	$(BIN) modern-art bench --worlds models/modern-art/bench/world-search.json --report results/bench-modern-art-world-search.md

# --jobs 2 against --jobs 1 (three runs each, medians) on compare grids, the 3- and 5-player
# Modern Art proofs and a Traveller event search, with the scaling of one proof on paper
# from its part times: results/bench-parallel.md (about 15 minutes).
bench-parallel: setup
	@$(MAKE) --no-print-directory build
	$(BIN) bench-parallel
