use grundy::octal::{Method, Sequence};
fn main() {
    let mut seq = Sequence::new(
        "0.6".parse().unwrap(),
        Method::Sparse,
        grundy::Budget::default(),
    )
    .unwrap();
    seq.extend_to(300_010).unwrap();
    let g = seq.values();
    let mask = 494usize;
    let rare = |v: usize| (v & mask).count_ones() % 2 == 0;
    let th = [64usize, 128, 256, 512, 1024, 2048];
    let mut cnt = [0usize; 6];
    let mut tot = 0;
    let mut worst_sum = 0;
    for n in 200_000usize..200_400 {
        let m = n - 1;
        let v = g[n] as usize;
        let mut first = vec![usize::MAX; 1024];
        for a in 1..=m / 2 {
            let x = (g[a] ^ g[m - a]) as usize;
            if first[x] == usize::MAX {
                first[x] = a;
            }
        }
        let needed: Vec<usize> = (0..v).filter(|&x| rare(x)).map(|x| first[x]).collect();
        worst_sum += needed.iter().max().copied().unwrap_or(0);
        for a in &needed {
            tot += 1;
            for (i, t) in th.iter().enumerate() {
                if *a > *t {
                    cnt[i] += 1;
                }
            }
        }
    }
    println!(
        "per value: needed {:.1}; remaining after {:?}: {:?}; mean worst {}",
        tot as f64 / 400.0,
        th,
        cnt.iter().map(|c| *c as f64 / 400.0).collect::<Vec<_>>(),
        worst_sum / 400
    );
}
