//! CECP and UCI command lines, any bytes: the protocol state machines answer or refuse every
//! line without a panic, as the driver reads it, and every search they ask for runs (cut to a few
//! hundred nodes) and plays a legal move.
#![no_main]

use std::sync::atomic::AtomicBool;

use koma_engine::cecp::{Cecp, CecpOptions};
use koma_engine::driver::{self, Input, Protocol, Reply};
use koma_engine::uci::Uci;
use koma_engine::{Searcher, Variant};
use libfuzzer_sys::fuzz_target;

#[path = "../variants.rs"]
mod variants;

/// Nodes a search may visit: a ply or two, so that an input of many `go`s stays fast.
const NODES: u64 = 300;

fuzz_target!(|data: &[u8]| {
    let Some((&which, input)) = data.split_first() else {
        return;
    };
    // Bit 0: the protocol; the rest: the first of the two variants offered.
    let offered = [variants::pick(which >> 1), variants::pick((which >> 1) + 1)];
    if which & 1 == 0 {
        let variants = offered.map(Variant::named_for_xboard).to_vec();
        converse(Cecp::new(variants, CecpOptions::default()), input);
    } else {
        let variants = offered.map(Variant::named_for_uci).to_vec();
        converse(Uci::new(variants), input);
    }
});

fn converse(mut protocol: impl Protocol, mut input: &[u8]) {
    let mut searcher = Searcher::new(1);
    let mut buf = Vec::new();
    loop {
        let replies = match driver::read_line(&mut input, &mut buf) {
            Input::Line(line) => protocol.handle(&line),
            Input::TooLong => protocol.refuse("too long"),
            Input::End => return,
        };
        if !reply(&mut protocol, &mut searcher, replies) {
            return;
        }
    }
}

/// Carries out the replies, searches to the end at once; false on `quit`.
fn reply(protocol: &mut impl Protocol, searcher: &mut Searcher, replies: Vec<Reply>) -> bool {
    let mut queue = std::collections::VecDeque::from(replies);
    while let Some(r) = queue.pop_front() {
        match r {
            Reply::Line(_) | Reply::Stop => {}
            Reply::Quit => return false,
            Reply::Search(mut req) => {
                let nodes = req.limits.nodes.map_or(NODES, |n| n.min(NODES));
                req.limits.nodes = Some(nodes);
                req.hash_mb = 1;
                let stop = AtomicBool::new(false);
                let result = driver::run_request(searcher, &req, &stop, &mut |_| {});
                if let Some(best) = result.best {
                    let legal = req.position.clone().moves();
                    assert!(legal.contains(&best), "the search played an illegal move");
                }
                queue.extend(protocol.finished(req.id, &result));
            }
        }
    }
    true
}
