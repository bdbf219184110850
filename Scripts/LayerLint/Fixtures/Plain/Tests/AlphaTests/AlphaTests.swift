import Testing
import Alpha
import Beta

@Test func works() {}
