// The small dense linear algebra of randomized SVD, on row-major typed arrays: tall matrices are
// n × k float32 (n = vocabulary, k ≈ 270), small ones k × k float64.

/** G = Yᵀ·Y (k × k), upper triangle then mirrored. Four rows at a time: G (k² doubles) is too big
 *  for the caches, so each pass over it should do four rows' work. */
export function gram(Y: Float32Array, n: number, k: number): Float64Array {
  const G = new Float64Array(k * k);
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const o0 = i * k,
      o1 = o0 + k,
      o2 = o1 + k,
      o3 = o2 + k;
    for (let a = 0; a < k; a++) {
      const y0 = Y[o0 + a],
        y1 = Y[o1 + a],
        y2 = Y[o2 + a],
        y3 = Y[o3 + a];
      const g = a * k;
      for (let b = a; b < k; b++) G[g + b] += y0 * Y[o0 + b] + y1 * Y[o1 + b] + y2 * Y[o2 + b] + y3 * Y[o3 + b];
    }
  }
  for (; i < n; i++) {
    const o = i * k;
    for (let a = 0; a < k; a++) {
      const ya = Y[o + a],
        g = a * k;
      for (let b = a; b < k; b++) G[g + b] += ya * Y[o + b];
    }
  }
  for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) G[a * k + b] = G[b * k + a];
  return G;
}

/** Upper-triangular R with RᵀR = G + shift·I; the shift grows until G is numerically positive definite. */
export function cholesky(G: Float64Array, k: number): Float64Array {
  let trace = 0;
  for (let a = 0; a < k; a++) trace += G[a * k + a];
  for (let shift = 0; ; shift = shift ? shift * 10 : 1e-12 * trace) {
    const R = new Float64Array(k * k);
    let ok = true;
    for (let j = 0; j < k && ok; j++) {
      for (let i = 0; i <= j; i++) {
        let s = G[i * k + j] + (i === j ? shift : 0);
        for (let p = 0; p < i; p++) s -= R[p * k + i] * R[p * k + j];
        if (i === j) {
          if (!(s > 0)) {
            ok = false;
            break;
          }
          R[j * k + j] = Math.sqrt(s);
        } else R[i * k + j] = s / R[i * k + i];
      }
    }
    if (ok) return R;
  }
}

/** Y := Y · R⁻¹ in place (R upper triangular), through the explicit inverse (k³/6, small) so the
 *  tall product is the blocked multiplySmall. */
export function solveUpperRight(Y: Float32Array, n: number, k: number, R: Float64Array): void {
  const inv = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    inv[j * k + j] = 1 / R[j * k + j];
    for (let i = j - 1; i >= 0; i--) {
      let s = 0;
      for (let p = i + 1; p <= j; p++) s += R[i * k + p] * inv[p * k + j];
      inv[i * k + j] = -s / R[i * k + i];
    }
  }
  Y.set(multiplySmall(Y, n, k, inv, k));
}

/** Orthonormal columns spanning Y's, in place: Cholesky QR, `passes` times (2 = CholeskyQR2,
 *  orthogonal to working precision; 1 is enough between power iterations). */
export function orthonormalize(Y: Float32Array, n: number, k: number, passes = 1): void {
  for (let p = 0; p < passes; p++) solveUpperRight(Y, n, k, cholesky(gram(Y, n, k), k));
}

/** Y (n × k) · W (k × m) → n × m, four rows of Y per pass over W (same reason as gram). */
export function multiplySmall(Y: Float32Array, n: number, k: number, W: Float64Array, m: number): Float32Array {
  const out = new Float32Array(n * m);
  const a0 = new Float64Array(m),
    a1 = new Float64Array(m),
    a2 = new Float64Array(m),
    a3 = new Float64Array(m);
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    a0.fill(0);
    a1.fill(0);
    a2.fill(0);
    a3.fill(0);
    const o = i * k;
    for (let a = 0; a < k; a++) {
      const y0 = Y[o + a],
        y1 = Y[o + k + a],
        y2 = Y[o + 2 * k + a],
        y3 = Y[o + 3 * k + a];
      const w = a * m;
      for (let b = 0; b < m; b++) {
        const x = W[w + b];
        a0[b] += y0 * x;
        a1[b] += y1 * x;
        a2[b] += y2 * x;
        a3[b] += y3 * x;
      }
    }
    out.set(a0, i * m);
    out.set(a1, (i + 1) * m);
    out.set(a2, (i + 2) * m);
    out.set(a3, (i + 3) * m);
  }
  for (; i < n; i++) {
    a0.fill(0);
    for (let a = 0; a < k; a++) {
      const y = Y[i * k + a],
        w = a * m;
      for (let b = 0; b < m; b++) a0[b] += y * W[w + b];
    }
    out.set(a0, i * m);
  }
  return out;
}

/** Eigen-decomposition of a symmetric k × k matrix by cyclic Jacobi rotations: eigenvalues in
 *  decreasing order and the matching eigenvectors as columns of a row-major k × k matrix. */
export function symmetricEigen(C: Float64Array, k: number): { values: Float64Array; vectors: Float64Array } {
  const A = C.slice();
  const V = new Float64Array(k * k);
  for (let i = 0; i < k; i++) V[i * k + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0,
      diag = 0;
    for (let i = 0; i < k; i++) {
      diag += A[i * k + i] ** 2;
      for (let j = i + 1; j < k; j++) off += A[i * k + j] ** 2;
    }
    if (off <= 1e-24 * diag) break;
    for (let p = 0; p < k; p++) {
      for (let q = p + 1; q < k; q++) {
        const apq = A[p * k + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (A[q * k + q] - A[p * k + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let r = 0; r < k; r++) {
          // columns p, q
          const arp = A[r * k + p],
            arq = A[r * k + q];
          A[r * k + p] = c * arp - s * arq;
          A[r * k + q] = s * arp + c * arq;
        }
        for (let r = 0; r < k; r++) {
          // rows p, q
          const apr = A[p * k + r],
            aqr = A[q * k + r];
          A[p * k + r] = c * apr - s * aqr;
          A[q * k + r] = s * apr + c * aqr;
        }
        for (let r = 0; r < k; r++) {
          const vrp = V[r * k + p],
            vrq = V[r * k + q];
          V[r * k + p] = c * vrp - s * vrq;
          V[r * k + q] = s * vrp + c * vrq;
        }
      }
    }
  }
  const order = Array.from({ length: k }, (_, i) => i).sort((a, b) => A[b * k + b] - A[a * k + a] || a - b);
  const values = Float64Array.from(order, (i) => A[i * k + i]);
  const vectors = new Float64Array(k * k);
  for (let r = 0; r < k; r++)
    order.forEach((i, c) => {
      vectors[r * k + c] = V[r * k + i];
    });
  return { values, vectors };
}
