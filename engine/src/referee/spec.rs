//! Engine specifications as `koma match --engine` takes them: `koma:depth=4,hash=64`,
//! `cecp:variant=chu,cmd=/usr/games/hachu`, `uci:cmd=stockfish`; and time controls
//! (`10+0.1`, `0:30+0.3`).

use std::fmt;
use std::time::Duration;

use crate::eval::{TERMS, Term, WeightChoice, Weights};

/// How the referee talks to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// koma's own search, in the referee's process.
    Koma,
    /// An outside program speaking the XBoard protocol (CECP v2).
    Cecp { command: Vec<String> },
    /// An outside program speaking UCI.
    Uci { command: Vec<String> },
}

/// How much time an engine gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A clock: `base` for the game, `increment` added after each move.
    Clock { base: Duration, increment: Duration },
    /// A fixed time for each move.
    PerMove(Duration),
}

/// One engine of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The text it was read from (names the engine in messages).
    pub text: String,
    pub kind: EngineKind,
    /// The name in the PGN and the tables (default: what the engine calls itself).
    pub name: Option<String>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Its own time control (default: the match's).
    pub control: Option<TimeControl>,
    pub threads: Option<u32>,
    /// Transposition table size in MB.
    pub hash: usize,
    /// The variant name to send (CECP `variant`, UCI `UCI_Variant`).
    pub variant: Option<String>,
    /// Send the start position (`setboard`, `position fen`) even when the game starts from
    /// the variant's own start: for an engine whose variant of that name starts elsewhere
    /// (`start=fen`; the default `start=variant` trusts the name).
    pub send_start: bool,
    /// koma only: the evaluation's weights (the game's, or `eval=base` or `eval=default`,
    /// then `w.TERM=N`).
    pub weights: WeightChoice,
    /// koma only: centipawns a draw costs it (`contempt=N`; default
    /// [`crate::search::DEFAULT_CONTEMPT`]).
    pub contempt: Option<i32>,
    /// koma only: the evaluation's endgame technique (on unless a caller turns it off: the
    /// tuner's self-play, whose fit models the weighed terms alone).
    pub technique: bool,
}

/// Hash size when a spec gives none.
pub const DEFAULT_HASH_MB: usize = 64;

/// Why an engine spec or time control was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

fn err<T>(text: String) -> Result<T, SpecError> {
    Err(SpecError(text))
}

impl EngineSpec {
    /// Reads `KIND[:KEY=VALUE,...]`. Keys: `name`, `depth`, `nodes`, `tc` (a clock, `10+0.1`),
    /// `st` or `time` (seconds a move), `threads`, `hash` (MB), `variant`, `start`, `eval` (koma: `base`
    /// or `default` weights), `w.TERM` (koma: one term's weight) and `contempt` (koma:
    /// centipawns a draw costs it), and for `cecp` and
    /// `uci` the command, `cmd=...`, which comes last and takes the rest of the text (commas
    /// and spaces included; words split at spaces).
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let mut spec = EngineSpec {
            text: text.to_string(),
            kind: EngineKind::Koma,
            name: None,
            depth: None,
            nodes: None,
            control: None,
            threads: None,
            hash: DEFAULT_HASH_MB,
            variant: None,
            send_start: false,
            weights: WeightChoice::default(),
            contempt: None,
            technique: true,
        };
        let mut command: Option<Vec<String>> = None;
        let mut rest = rest;
        while !rest.is_empty() {
            if let Some(cmd) = rest.strip_prefix("cmd=") {
                let words: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
                if words.is_empty() {
                    return err(format!("`{text}`: `cmd=` needs a command"));
                }
                command = Some(words);
                break;
            }
            let (pair, tail) = rest.split_once(',').unwrap_or((rest, ""));
            rest = tail;
            let Some((key, value)) = pair.split_once('=') else {
                return err(format!("`{text}`: expected KEY=VALUE, found `{pair}`"));
            };
            spec.set(key, value)
                .map_err(|why| SpecError(format!("`{text}`: {why}")))?;
        }
        spec.kind = match (kind, command) {
            ("koma", None) => EngineKind::Koma,
            ("koma", Some(_)) => {
                return err(format!(
                    "`{text}`: `koma` runs in-process; it takes no `cmd=`"
                ));
            }
            ("cecp", Some(command)) => EngineKind::Cecp { command },
            ("uci", Some(command)) => EngineKind::Uci { command },
            ("cecp" | "uci", None) => {
                return err(format!(
                    "`{text}`: a {kind} engine needs its command last, e.g. `{kind}:cmd=/usr/games/hachu`"
                ));
            }
            _ => {
                return err(format!(
                    "`{text}`: unknown engine kind `{kind}`; expected `koma`, `cecp` or `uci`"
                ));
            }
        };
        Ok(spec)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = |what: &str| -> Result<u64, String> {
            value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                format!("`{key}` takes a positive whole number of {what}, found `{value}`")
            })
        };
        match key {
            "name" if !value.is_empty() => self.name = Some(value.to_string()),
            "depth" => {
                self.depth = Some(u32::try_from(number("plies")?).map_err(|e| e.to_string())?)
            }
            "nodes" => self.nodes = Some(number("nodes")?),
            "threads" => {
                self.threads = Some(u32::try_from(number("threads")?).map_err(|e| e.to_string())?)
            }
            "hash" => {
                self.hash = usize::try_from(number("megabytes")?).map_err(|e| e.to_string())?
            }
            "variant" if !value.is_empty() => self.variant = Some(value.to_string()),
            "start" => {
                self.send_start = match value {
                    "fen" => true,
                    "variant" => false,
                    _ => return Err(format!("`start` takes `fen` or `variant`, found `{value}`")),
                }
            }
            "eval" => {
                self.weights.base = Some(match value {
                    "base" => Weights::BASE,
                    "default" => Weights::DEFAULT,
                    _ => return Err(format!("`eval` takes `base` or `default`, found `{value}`")),
                })
            }
            _ if key.starts_with("w.") => {
                let names = || TERMS.map(Term::name).join(", ");
                let term = Term::named(&key[2..])
                    .ok_or_else(|| format!("unknown term `{}`; terms: {}", &key[2..], names()))?;
                let weight = value
                    .parse()
                    .map_err(|_| format!("`{key}` takes a whole number, found `{value}`"))?;
                self.weights.changes.push((term, weight));
            }
            "contempt" => {
                self.contempt = Some(value.parse().map_err(|_| {
                    format!("`contempt` takes a whole number of centipawns, found `{value}`")
                })?)
            }
            "tc" => self.control = Some(TimeControl::parse(value).map_err(|e| e.0)?),
            "st" | "time" => {
                self.control = Some(TimeControl::PerMove(seconds(value).map_err(|e| e.0)?))
            }
            _ => {
                return Err(format!(
                    "unknown key `{key}` (or no value); keys: name, depth, nodes, tc, st, time, threads, hash, variant, start, eval, w.TERM, contempt, cmd"
                ));
            }
        }
        Ok(())
    }

    /// The program's name, for a default engine name: `hachu` for `/usr/games/hachu`.
    pub fn program(&self) -> Option<&str> {
        match &self.kind {
            EngineKind::Koma => None,
            EngineKind::Cecp { command } | EngineKind::Uci { command } => {
                let first = command.first()?;
                Some(first.rsplit('/').next().unwrap_or(first))
            }
        }
    }
}

impl TimeControl {
    /// `BASE+INC` with BASE in seconds or `M:SS` and INC in seconds (`10+0.1`, `1:00+1`, `30`).
    pub fn parse(text: &str) -> Result<TimeControl, SpecError> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base = match base.split_once(':') {
            Some((m, s)) => seconds_allowing_zero(m)? * 60.0 + seconds_allowing_zero(s)?,
            None => seconds_allowing_zero(base)?,
        };
        if base <= 0.0 {
            return err(format!("`{text}`: the base time must be above zero"));
        }
        Ok(TimeControl::Clock {
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(seconds_allowing_zero(inc)?),
        })
    }
}

fn seconds_allowing_zero(text: &str) -> Result<f64, SpecError> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..1e7).contains(&s) => Ok(s),
        _ => err(format!("`{text}` is not a number of seconds")),
    }
}

/// A positive number of seconds.
pub fn seconds(text: &str) -> Result<Duration, SpecError> {
    match seconds_allowing_zero(text)? {
        s if s > 0.0 => Ok(Duration::from_secs_f64(s)),
        _ => err(format!("`{text}`: expected a time above zero")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn koma_specs_read_their_keys() {
        let s = EngineSpec::parse("koma:depth=4,nodes=20000,hash=32,name=deep").expect("spec");
        assert_eq!(s.kind, EngineKind::Koma);
        assert_eq!((s.depth, s.nodes, s.hash), (Some(4), Some(20000), 32));
        assert_eq!(s.name.as_deref(), Some("deep"));
        let s = EngineSpec::parse("koma").expect("spec");
        assert_eq!((s.depth, s.hash, s.control), (None, DEFAULT_HASH_MB, None));
        let s = EngineSpec::parse("koma:time=0.5").expect("spec");
        assert_eq!(
            s.control,
            Some(TimeControl::PerMove(Duration::from_millis(500)))
        );
        assert_eq!(s.weights, WeightChoice::default());
        let s = EngineSpec::parse("koma:eval=base,w.mobility=3").expect("spec");
        assert_eq!(s.weights.base, Some(Weights::BASE));
        assert_eq!(s.weights.changes, [(Term::Mobility, 3)]);
        let s = EngineSpec::parse("koma:contempt=-15").expect("spec");
        assert_eq!(s.contempt, Some(-15));
        assert!(EngineSpec::parse("koma:contempt=x").is_err());
    }

    #[test]
    fn the_command_comes_last_and_keeps_commas_and_words() {
        let s = EngineSpec::parse("cecp:variant=chu,tc=10+0.1,cmd=/usr/games/hachu -x a,b")
            .expect("spec");
        assert_eq!(
            s.kind,
            EngineKind::Cecp {
                command: vec!["/usr/games/hachu".into(), "-x".into(), "a,b".into()]
            }
        );
        assert_eq!(s.variant.as_deref(), Some("chu"));
        assert!(!s.send_start);
        assert_eq!(s.program(), Some("hachu"));
        let courier =
            EngineSpec::parse("cecp:variant=courier,start=fen,cmd=fairymax").expect("spec");
        assert!(courier.send_start);
        assert_eq!(
            s.control,
            Some(TimeControl::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            })
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (text, part) in [
            ("cecp", "needs its command"),
            ("uci:depth=3", "needs its command"),
            ("koma:cmd=x", "takes no `cmd=`"),
            ("gtp:cmd=x", "unknown engine kind `gtp`"),
            ("koma:depth=0", "positive whole number"),
            ("koma:depth", "expected KEY=VALUE"),
            ("koma:speed=3", "unknown key `speed`"),
            ("koma:tc=abc", "not a number of seconds"),
            ("cecp:cmd=", "needs a command"),
            ("koma:eval=old", "`base` or `default`"),
            ("koma:w.speed=3", "unknown term `speed`"),
            ("koma:w.mobility=x", "whole number"),
            ("cecp:start=board,cmd=x", "`fen` or `variant`"),
        ] {
            let e = EngineSpec::parse(text).expect_err(text);
            assert!(e.0.contains(part), "{text}: {e}");
        }
    }

    #[test]
    fn time_controls_read_seconds_and_minutes() {
        let c = |b: u64, i: u64| TimeControl::Clock {
            base: Duration::from_millis(b),
            increment: Duration::from_millis(i),
        };
        assert_eq!(TimeControl::parse("10+0.1"), Ok(c(10_000, 100)));
        assert_eq!(TimeControl::parse("1:30+1"), Ok(c(90_000, 1000)));
        assert_eq!(TimeControl::parse("5"), Ok(c(5000, 0)));
        assert!(TimeControl::parse("0+1").is_err());
        assert!(TimeControl::parse("-3").is_err());
    }
}
