//! The symmetric engine's plans, one per split ([`crate::Split`]), each a
//! `super::engines::family::SymmetricFamily` over its orbits: [`ring`], the default (and the
//! outer-ring plan, its second way in `queens verify --two-ways`), and [`border`].

pub(crate) mod border;
pub(crate) mod ring;

#[cfg(test)]
mod tests {
    use super::border::SymmetricPlan;
    use super::ring::RingPlan;
    use crate::search::kernel::Kernel;

    /// How well `cost` tracks the measured nodes over a plan's orbit units: the geometric
    /// standard deviation of cost / nodes and the ratio of the sums.
    fn estimate_quality(plan: &dyn crate::plan::Plan, cost: impl Fn(usize) -> u64) -> (f64, f64) {
        let ids: Vec<usize> = (2 * plan.n()..plan.unit_count()).collect();
        let nodes: Vec<f64> = ids
            .iter()
            .map(|&id| plan.count_unit(id).nodes as f64)
            .collect();
        let costs: Vec<f64> = ids.iter().map(|&id| cost(id) as f64).collect();
        let logs: Vec<f64> = costs
            .iter()
            .zip(&nodes)
            .map(|(c, x)| (c / x).ln())
            .collect();
        let mean = logs.iter().sum::<f64>() / logs.len() as f64;
        let var = logs.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / logs.len() as f64;
        let ratio = costs.iter().sum::<f64>() / nodes.iter().sum::<f64>();
        (var.sqrt().exp(), ratio)
    }

    /// The ring and border plans' unit costs against the nodes their units visit.
    #[test]
    fn unit_costs_track_the_measured_nodes() {
        for n in [12, 14] {
            let r = RingPlan::new(n, Kernel::Scalar);
            let (spread, ratio) = estimate_quality(&r, |id| r.unit_cost(id));
            println!("n={n} ring plan: cost/nodes geometric sd {spread:.3}, sums {ratio:.3}");
            assert!(spread < 1.6 && (0.5..2.0).contains(&ratio), "n={n}");
            let s = SymmetricPlan::new(n, Kernel::Scalar);
            let (spread, ratio) = estimate_quality(&s, |id| s.unit_cost(id));
            println!("n={n} border plan: cost/nodes geometric sd {spread:.3}, sums {ratio:.3}");
            assert!(spread < 1.6 && (0.5..2.0).contains(&ratio), "n={n}");
            // The F180 and F90 units are estimated too, and small.
            for id in 0..2 * n {
                assert!(r.unit_cost(id) >= 1 && s.unit_cost(id) == r.unit_cost(id));
            }
        }
    }
}
