//! Sums of games: the XOR of the components against the whole sum searched.

use super::*;

/// A sum of positions of any games, searched whole (no components): the plain search the
/// XOR of the analysis must equal.
struct WholeSum(Vec<Arc<dyn DynGame>>);

impl Game for WholeSum {
    type Position = Vec<Datum>;

    fn moves(&self, pos: &Vec<Datum>, out: &mut Vec<Move<Vec<Datum>>>) {
        for (idx, (game, part)) in self.0.iter().zip(pos).enumerate() {
            for mv in game.moves(part).unwrap() {
                let mut next = pos.clone();
                next[idx] = mv.to;
                out.push(Move::to(next));
            }
        }
    }
}

#[test]
fn sums_are_the_xor_of_components_searched_whole() {
    let parts = [
        "nim 3",
        "bash 2 5",
        "wythoff 1 2",
        "wythoff 2 2",
        "subtraction 1,3,4 6",
        "lasker 3",
        "grundy-game 7",
        "fibonacci-nim 5",
        "staircase 2 1",
        "moore 2 1 2",
        "corner 2 3",
        "bash-reach 3 6",
    ];
    let mut sums: Vec<Vec<&str>> = Vec::new();
    for (i, a) in parts.iter().enumerate() {
        for b in &parts[i..] {
            sums.push(vec![a, b]);
        }
    }
    sums.push(vec!["nim 3", "lasker 3", "corner 2 3"]);
    sums.push(vec!["bash 2 5", "bash 2 5", "wythoff 1 2"]);
    for sum in sums {
        let text = format!("sum {}", sum.join(" + "));
        let analysis = analyze_words(&words(&text)).unwrap();
        let opened: Vec<(Arc<dyn DynGame>, Datum)> =
            sum.iter().map(|part| open(&words(part)).unwrap()).collect();
        let game = WholeSum(opened.iter().map(|(g, _)| g.clone()).collect());
        let pos: Vec<Datum> = opened.iter().map(|(_, p)| p.clone()).collect();
        let whole = GrundySolver::without_components(&game, Budget::default())
            .nimber(&pos)
            .unwrap();
        assert_eq!(analysis.nimber, Some(whole), "{text}");
        let [Reason::SumComponents { components }, Reason::SumXor { total }] =
            &analysis.reasons[..]
        else {
            panic!("{text}");
        };
        assert_eq!(*total, whole);
        let xor = components.iter().fold(Nimber(0), |acc, c| acc ^ c.nimber);
        assert_eq!(xor, whole, "{text}");
        for (component, part) in components.iter().zip(&sum) {
            assert_eq!(format!("{} {}", component.game, component.position), *part);
            assert_eq!(component.nimber, engine_nimber(part), "{text}: {part}");
        }
        // Each component lists as many winning moves as the engine has moves there to the
        // value that makes the XOR 0 (lower or higher than the component's own).
        for component in components {
            let name = format!("{} {}", component.game, component.position);
            let listed = analysis
                .winning_moves
                .iter()
                .filter(|line| line.starts_with(&format!("in {name}: ")))
                .count();
            let wanted = component.nimber ^ whole;
            let engine_moves = engine(&name)
                .moves
                .iter()
                .filter(|m| m.value.nimber == Some(wanted))
                .count();
            // A component that appears twice lists its moves twice.
            let times = sum.iter().filter(|part| **part == name).count();
            assert_eq!(listed, engine_moves * times, "{text}: {name} to {wanted}");
        }
    }
}
