//! Hands and drops: captured pieces join the capturer's hand (demoted or as they are), hands in
//! position text, drop move text, and each drop restriction (not-stuck, one-per-file, no-mate,
//! drop zones) against the same position without the clause.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

/// The drops of the side to move, as sorted text.
fn drops(p: &mut koma_runtime::Position) -> Vec<String> {
    all_moves(p)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect()
}

#[test]
fn a_capture_puts_the_demoted_piece_in_the_capturers_hand() {
    let t = variant("drops");
    let mut p = pos(&t, "4k/5/2+p2/2R2/K4[] w");
    play(&mut p, &["c2c3"]);
    assert_eq!(p.to_text(), "4k/5/2R2/5/K4[P] b - - 0 1");
    // Unmaking empties the hand again.
    p.unmake();
    assert_eq!(p.to_text(), "4k/5/2+p2/2R2/K4[] w - - 0 1");
    // `as-is`: the Tokin keeps its promoted form.
    let t = variant_with("drops", "captures to-hand", "captures to-hand as-is");
    let mut p = pos(&t, "4k/5/2+p2/2R2/K4[] w");
    play(&mut p, &["c2c3"]);
    assert_eq!(p.to_text(), "4k/5/2R2/5/K4[+P] b - - 0 1");
}

#[test]
fn without_hands_captures_vanish_and_hands_are_rejected() {
    let t = variant_with("drops", "captures to-hand\n", "");
    let mut p = pos(&t, "4k/5/2+p2/2R2/K4 w");
    play(&mut p, &["c2c3"]);
    assert_eq!(p.to_text(), "4k/5/2R2/5/K4 b - - 0 1");
    assert!(koma_runtime::Position::from_text(t.clone(), "4k/5/5/5/K4[P] w").is_err());
    assert!(koma_runtime::Position::from_text(t, "4k/5/5/5/K4[] w").is_ok());
}

#[test]
fn hands_read_counts_and_fairy_stockfish_fields() {
    let t = variant("drops");
    let p = pos(&t, "4k/5/5/5/K4[2PGn] b 0 1");
    assert_eq!(
        p.hand_count(Player::First, koma_runtime::spec::PieceType(0)),
        2
    );
    assert_eq!(p.to_text(), "4k/5/5/5/K4[PPGn] b - - 0 1");
    assert_eq!(p.hash(), p.compute_hash());
    // Hands are part of the hash: the same board with another hand differs.
    let q = pos(&t, "4k/5/5/5/K4[PGn] b 0 1");
    assert_ne!(p.hash(), q.hash());
    assert!(koma_runtime::Position::from_text(t.clone(), "4k/5/5/5/K4[X] w").is_err());
}

#[test]
fn a_drop_is_written_piece_at_square_and_plays_back() {
    let t = variant("drops");
    let mut p = pos(&t, "4k/5/5/5/K4[G] w");
    assert_eq!(drops(&mut p).len(), 23, "every empty square");
    let m = p.parse_move("g@c3").expect("lower case is accepted");
    assert_eq!(p.move_text(&m), "G@c3");
    p.make(&m);
    assert_eq!(p.to_text(), "4k/5/2G2/5/K4[] b - - 1 1");
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!(p.to_text(), "4k/5/5/5/K4[G] w - - 0 1");
    assert!(p.parse_move("R@c3").is_err(), "no Rook in hand");
}

#[test]
fn not_stuck_keeps_pawns_and_knights_off_their_dead_ranks() {
    let fen = "k4/5/5/5/4K[PN] w";
    let t = variant("drops");
    let mut p = pos(&t, fen);
    let d = drops(&mut p);
    assert!(!d.iter().any(|m| m.ends_with('5')), "{d:?}");
    assert!(
        !d.iter().any(|m| m.starts_with("N@") && m.ends_with('4')),
        "{d:?}"
    );
    assert!(d.contains(&"N@c3".to_string()));
    let t = variant_with("drops", "drop not-stuck\n", "");
    let mut p = pos(&t, fen);
    let d = drops(&mut p);
    assert!(d.contains(&"P@c5".to_string()) && d.contains(&"N@c4".to_string()));
}

#[test]
fn one_per_file_counts_only_unpromoted_pawns_of_the_side() {
    // Own Pawn on c2, own Tokin on d2, enemy Pawn on b4.
    let fen = "k4/1p3/5/2P+P1/4K[P] w";
    let t = variant("drops");
    let mut p = pos(&t, fen);
    let files: Vec<char> = drops(&mut p)
        .iter()
        .map(|m| m.chars().nth(2).expect("a file"))
        .collect();
    assert!(!files.contains(&'c'), "{files:?}");
    assert!(files.contains(&'d') && files.contains(&'b'));
    let t = variant_with("drops", "drop one-per-file P\n", "");
    let mut p = pos(&t, fen);
    assert!(drops(&mut p).contains(&"P@c3".to_string()));
}

#[test]
fn per_file_allows_so_many_of_a_side_on_a_file() {
    // Two own Pawns on c, one on d: at most two a file leaves c closed and d open.
    let t = variant_with("drops", "drop one-per-file P", "drop per-file 2 P");
    let mut p = pos(&t, "k4/5/2P2/2PP1/4K[P] w");
    let d = drops(&mut p);
    assert!(!d.iter().any(|m| m.starts_with("P@c")), "{d:?}");
    assert!(d.contains(&"P@d4".to_string()), "{d:?}");
    // `per-file 1` is `one-per-file`.
    let t = variant_with("drops", "drop one-per-file P", "drop per-file 1 P");
    let mut p = pos(&t, "k4/5/2P2/3P1/4K[P] w");
    let d = drops(&mut p);
    assert!(
        !d.iter()
            .any(|m| m.starts_with("P@c") || m.starts_with("P@d")),
        "{d:?}"
    );
    assert!(d.contains(&"P@b3".to_string()), "{d:?}");
}

#[test]
fn a_pawn_drop_mate_loses_for_the_dropper() {
    // The Black King on a5 is boxed in by the Gold on a3 and the Rook on b1; P@a4 mates.
    let fen = "k4/5/G4/5/1R2K[P] w";
    let t = variant("drops");
    let mut p = pos(&t, fen);
    play(&mut p, &["P@a4"]);
    let r = result(&mut p).expect("the game is over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::Second), Reason::DropMate)
    );
    let t = variant_with("drops", "drop no-mate P\n", "");
    let mut p = pos(&t, fen);
    play(&mut p, &["P@a4"]);
    let r = result(&mut p).expect("the game is over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::First), Reason::Checkmate)
    );
    // Mating by dropping another piece is fine.
    let t = variant("drops");
    let mut p = pos(&t, "k4/5/G4/5/1R2K[G] w");
    play(&mut p, &["G@a4"]);
    let r = result(&mut p).expect("the game is over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::First), Reason::Checkmate)
    );
}

#[test]
fn the_printed_position_after_a_pawn_drop_mate_keeps_its_loser() {
    // Minishogi (the issue's repro): the text records the drop, and reads back to the same end.
    let t = variant("minishogi");
    let mut p = pos(&t, "k4/5/G4/5/1R2K[P] w");
    play(&mut p, &["P@a4"]);
    let text = p.to_text();
    assert_eq!(text, "k4/P4/G4/5/1R2K[] b - - 1 1 last:no-mate-drop");
    let mut back = pos(&t, &text);
    let r = result(&mut back).expect("the game is over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::Second), Reason::DropMate)
    );
    assert!(back == p, "{text}");
    // A Pawn drop that checks without mating is recorded too; a quiet one is not.
    let mut p = pos(&t, "k4/5/5/5/1R2K[P] w");
    play(&mut p, &["P@a4"]);
    assert!(
        p.to_text().ends_with(" last:no-mate-drop"),
        "{}",
        p.to_text()
    );
    let mut p = pos(&t, "k4/5/5/5/1R2K[P] w");
    play(&mut p, &["P@c3"]);
    assert!(!p.to_text().contains("last:"), "{}", p.to_text());
    // Without the clause nothing is recorded, and the mate is a checkmate.
    let t = variant_with("drops", "drop no-mate P\n", "");
    let mut p = pos(&t, "k4/5/G4/5/1R2K[P] w");
    play(&mut p, &["P@a4"]);
    assert!(!p.to_text().contains("last:"), "{}", p.to_text());
}

#[test]
fn a_drop_zone_is_rotated_for_the_second_player() {
    let t = variant("drops");
    let mut p = pos(&t, "k4/5/5/5/4K[Rr] w");
    let ranks: Vec<char> = drops(&mut p)
        .iter()
        .map(|m| m.chars().last().expect("a rank"))
        .collect();
    assert!(ranks.iter().all(|r| ('1'..='3').contains(r)), "{ranks:?}");
    play(&mut p, &["R@c2"]);
    let ranks: Vec<char> = drops(&mut p)
        .iter()
        .map(|m| m.chars().last().expect("a rank"))
        .collect();
    assert!(ranks.iter().all(|r| ('3'..='5').contains(r)), "{ranks:?}");
    let t = variant_with("drops", "drop zone R a1-e3\n", "");
    let mut p = pos(&t, "k4/5/5/5/4K[Rr] w");
    assert_eq!(drops(&mut p).len(), 23);
}

#[test]
fn drops_answer_check_only_by_interposing() {
    // The Rook on a5 checks the King on a1 along the file; only drops on a2-a4 block it.
    let t = variant("drops");
    let mut p = pos(&t, "r3k/5/5/5/K4[G] w");
    assert_eq!(drops(&mut p), list(&["G@a2", "G@a3", "G@a4"]));
}

#[test]
fn pieces_can_start_in_hand() {
    let t = variant_edited(
        "drops",
        &[("rules\n", "setup rotate\n  K a1\n  hand P G\n\nrules\n")],
    );
    let p = koma_runtime::Position::start(t).expect("a setup");
    assert_eq!(p.to_text(), "4k/5/5/5/K4[PGpg] w - - 0 1");
    assert_eq!(p.hash(), p.compute_hash());
}

#[test]
fn a_dropped_pawn_on_its_start_rank_may_double_step_in_crazyhouse() {
    let t = variant("crazyhouse");
    let mut p = pos(
        &t,
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBQKBNR[P] w KQkq - 0 1",
    );
    play(&mut p, &["P@d2", "a7a6"]);
    assert!(all_moves(&mut p).contains(&"d2d4".to_string()));
    // A Rook dropped in its corner does not castle.
    let mut p = pos(&t, "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1");
    play(&mut p, &["R@h1", "e8d8"]);
    assert!(!all_moves(&mut p).contains(&"e1g1".to_string()));
}

#[test]
fn crazyhouse_promoted_pieces_go_back_as_pawns() {
    let t = variant("crazyhouse");
    // Fairy-Stockfish's `Q~`: a promoted Queen.
    let mut p = pos(&t, "3Q~k3/8/8/8/8/8/8/R3K3[] b - - 0 1");
    play(&mut p, &["e8d8"]);
    assert_eq!(p.to_text(), "3k4/8/8/8/8/8/8/R3K3[p] w - - 0 2");
}

/// The tutorial's drop game (docs/tutorial.md section 6), extending its first game, plays as the
/// tutorial says: 40 Pawn drops in its example position.
#[test]
fn the_tutorial_drop_game_drops_where_the_tutorial_says() {
    let text = std::fs::read_to_string(root().join("docs/tutorial.md")).expect("the tutorial");
    let blocks: Vec<&str> = text.split("```").skip(1).step_by(2).collect();
    let find = |name: &str| {
        blocks
            .iter()
            .find(|b| b.contains(&format!("variant \"{name}\"")))
            .map(|b| b.trim_start_matches('\n'))
            .unwrap_or_else(|| panic!("no `{name}` block in the tutorial"))
    };
    let dir = std::env::temp_dir().join(format!("koma-tutorial-drops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    std::fs::write(dir.join("little-lion.koma"), find("Little Lion Shogi")).expect("written");
    let path = dir.join("little-drop.koma");
    std::fs::write(&path, find("Little Drop Shogi")).expect("written");
    let t = koma_compiler::tables(&path).unwrap_or_else(|e| panic!("does not compile:\n{e}"));
    let mut p = pos(&t, "3k3/7/3p3/7/7/7/3K3[P] w");
    let d = drops(&mut p);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(d.len(), 40, "{d:?}");
    assert!(!d.iter().any(|m| m.ends_with('7')));
}

#[test]
fn no_hand_can_overflow_so_no_capture_is_ever_dropped() {
    // A hand counts each piece type in a `u8`: at 255 the next capture used to vanish. Any
    // piece may end in one hand, so a game with hands holds at most 255 pieces in all.
    let t = variant("drops");
    let at_limit = pos(&t, "4k/5/2p2/2R2/K4[251P] w");
    assert_eq!(
        at_limit.hand_count(Player::First, koma_runtime::spec::PieceType(0)),
        251
    );
    let over = koma_runtime::Position::from_text(t, "4k/5/2p2/2R2/K4[252P] w");
    let error = over
        .expect_err("256 pieces in a game with hands")
        .to_string();
    assert!(error.contains("256 pieces in a game with hands"), "{error}");
    // A variant whose setup has more is refused where the setup is written.
    let rows: String = (1..=8).map(|r| format!("  P a{r}-p{r}\n")).collect();
    let text = format!(
        "variant \"Crowd\"\nboard 16 x 17\npieces\n  P \"Pawn\" fW\n  K \"King\" K royal\n\
         setup rotate\n  K i9\n{rows}\nrules\n  captures to-hand\n"
    );
    let loaded = koma_compiler::load_source(
        "crowd.koma",
        &text,
        &koma_compiler::loader::MemoryLoader::new(),
    );
    let error = loaded
        .diagnostics
        .iter()
        .find(|d| d.message.contains("pieces in a game with hands"))
        .unwrap_or_else(|| panic!("no capacity error: {:?}", loaded.diagnostics));
    assert_eq!(&text[error.primary.location.span.start..][..5], "setup");
}

#[test]
fn compulsory_drops_come_before_any_move() {
    let fen = "P2/3/2p[Pp] w - - 0 1";
    // Seven drops, and no step of the Stone on a3.
    let t = variant("drop-compulsory");
    let mut p = pos(&t, fen);
    assert_eq!(all_moves(&mut p).len(), 7);
    assert!(all_moves(&mut p).iter().all(|m| m.contains('@')));
    // Without the clause the Stone steps too (a2, b2, b3).
    let t = variant_with("drop-compulsory", "  drop compulsory\n", "");
    let mut p = pos(&t, fen);
    assert_eq!(all_moves(&mut p).len(), 10);
    // With an empty hand the Stones move.
    let t = variant("drop-compulsory");
    let mut p = pos(&t, "P2/3/2p[p] w - - 0 1");
    assert_eq!(all_moves(&mut p), list(&["a3a2", "a3b2", "a3b3"]));
}

#[test]
fn a_compulsory_type_bars_the_other_drops() {
    // `drop compulsory F`: while a Flag is in hand, no Stone is dropped and no Stone moves.
    let t = variant_with("drop-compulsory", "drop compulsory", "drop compulsory F");
    let mut p = pos(&t, "P2/3/2p[PFp] w - - 0 1");
    let moves = all_moves(&mut p);
    assert_eq!(moves.len(), 7, "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("F@")), "{moves:?}");
    // Once the Flag is down, Stones drop or move freely.
    let mut p = pos(&t, "P2/3/2p[Pp] w - - 0 1");
    assert_eq!(all_moves(&mut p).len(), 10);
}

// `drop never P` (Dragonfly: captured Pawns stay in hand). Counts from pyffish 0.0.90's
// `legal_moves` for Fairy-Stockfish's `dragonfly` (dropNoDoubled = p, dropNoDoubledCount = 0).
#[test]
fn drop_never_keeps_the_pieces_in_hand() {
    let t = variant("dragonfly");
    // A Pawn and a Knight in hand: 5 King moves and 47 Knight drops, no Pawn drop.
    let mut p = pos(&t, "3k3/7/7/7/7/7/3K3[PN] w - - 0 1");
    let d = drops(&mut p);
    assert_eq!(all_moves(&mut p).len(), 52);
    assert_eq!(d.len(), 47);
    assert!(d.iter().all(|m| m.starts_with("N@")), "{d:?}");
    // Only Pawns in hand: the King's 5 moves.
    let mut p = pos(&t, "3k3/7/7/7/7/7/3K3[PPp] w - - 0 1");
    assert_eq!(all_moves(&mut p).len(), 5);
    // Without the clause the Pawns go down on ranks 2 to 6.
    let free = variant_with("dragonfly", "  drop never P\n", "");
    let mut p = pos(&free, "3k3/7/7/7/7/7/3K3[PPp] w - - 0 1");
    assert!(drops(&mut p).iter().any(|m| m.starts_with("P@")));
}
