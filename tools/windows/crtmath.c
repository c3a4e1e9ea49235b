/* Test prefix only, never shipped: the C99 complex functions numpy's Windows build imports
 * (through api-ms-win-crt-math-l1-1-0, an API set of ucrtbase), which Wine 10's ucrtbase only
 * stubs. tools/windows/build.sh links this with a .def made from Wine's ucrtbase exports into a
 * native ucrtbase.dll for the Wine prefix that plays the app: these functions here, every other
 * export forwarded to a copy of Wine's own ucrtbase (ucrtwine.dll).
 *
 * MSVC's _Fcomplex/_Dcomplex/_Lcomplex are structs of two floats/doubles (long double is double
 * there), which the Windows x64 ABI passes like these structs; mingw-w64's libmingwex computes. */
#include <complex.h>

typedef struct { float re, im; } F;
typedef struct { double re, im; } D;

static float _Complex f(F z) { return __builtin_complex(z.re, z.im); }
static double _Complex d(D z) { return __builtin_complex(z.re, z.im); }
static F F_(float _Complex c) { F r = { crealf(c), cimagf(c) }; return r; }
static D D_(double _Complex c) { D r = { creal(c), cimag(c) }; return r; }

#define UNARY(name) \
    F my_##name##f(F z) { return F_(name##f(f(z))); } \
    D my_##name(D z) { return D_(name(d(z))); } \
    D my_##name##l(D z) { return D_(name(d(z))); }
UNARY(cexp) UNARY(csin) UNARY(ccos) UNARY(ctan) UNARY(csinh) UNARY(ccosh) UNARY(ctanh)

#define REAL(name) \
    float my_##name##f(F z) { return name##f(f(z)); } \
    double my_##name(D z) { return name(d(z)); } \
    double my_##name##l(D z) { return name(d(z)); }
REAL(cabs) REAL(carg) REAL(creal) REAL(cimag)

F my_cpowf(F a, F b) { return F_(cpowf(f(a), f(b))); }
D my_cpow(D a, D b) { return D_(cpow(d(a), d(b))); }
D my_cpowl(D a, D b) { return D_(cpow(d(a), d(b))); }
