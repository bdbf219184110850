import Gamma
import Beta

public enum Alpha {}
