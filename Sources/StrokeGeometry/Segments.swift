/// The positive nodes of 8-point Gauss–Legendre quadrature on [−1, 1] with their weights (the
/// negative nodes mirror them with the same weights).
let gaussLegendre8: [(node: Double, weight: Double)] = [
    (0.183_434_642_495_649_8, 0.362_683_783_378_362_0),
    (0.525_532_409_916_329_0, 0.313_706_645_877_887_3),
    (0.796_666_477_413_626_7, 0.222_381_034_453_374_5),
    (0.960_289_856_497_536_3, 0.101_228_536_290_376_3),
]
