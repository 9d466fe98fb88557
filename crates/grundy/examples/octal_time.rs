use grundy::octal::{period::analyze, Method, Sequence};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = &args[1];
    let len: usize = args[2].parse().unwrap();
    let method = if args.len() > 3 {
        Method::Direct
    } else {
        Method::Sparse
    };
    let mut seq = Sequence::new(code.parse().unwrap(), method, grundy::Budget::default()).unwrap();
    let t = Instant::now();
    if len == 0 {
        let v = analyze(&mut seq, 1 << 22, &mut ()).unwrap();
        println!("{v} len {} in {:?}", seq.len(), t.elapsed());
    } else {
        seq.extend_to(len).unwrap();
        let el = t.elapsed();
        println!("max {:?}", seq.values().iter().max());
        println!(
            "{} values in {:?}: {:.2} M/s; rare {:?}",
            len,
            el,
            len as f64 / el.as_secs_f64() / 1e6,
            seq.rare().map(|(m, r)| (m, r.len(), r.last().copied()))
        );
    }
}
