/**
 * NIST CAVP known-answer vectors for HMAC_DRBG (file HMAC_DRBG.rsp of the DRBGVS "no reseed" set,
 * drbgtestvectors.zip), section [SHA-256] [PredictionResistance = False] [EntropyInputLen = 256]
 * [NonceLen = 128] [AdditionalInputLen = 0] [ReturnedBitsLen = 1024], COUNT 0–4 of
 * [PersonalizationStringLen = 0] and COUNT 0–2 of [PersonalizationStringLen = 256].
 * Procedure: instantiate, generate 1024 bits, generate 1024 bits, compare the second.
 *
 * Only the data is copied (hex values are facts). The same values are quoted in several public
 * test suites, e.g. google/rappor HmacDrbgTest.java and the VST (Coq) HMAC_DRBG proofs, which name
 * their HMAC_DRBG.txt lines 8424–8685 and 8950–9211.
 */
export interface CavpVector {
  readonly name: string;
  readonly entropy: string;
  readonly nonce: string;
  readonly personalization: string;
  readonly returnedBits: string;
}

export const HMAC_DRBG_SHA256_CAVP: readonly CavpVector[] = [
  {
    name: 'PersonalizationStringLen = 0, COUNT = 0',
    entropy: 'ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488',
    nonce: '659ba96c601dc69fc902940805ec0ca8',
    personalization: '',
    returnedBits:
      'e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89' +
      'd54fbb978a15b5c443c9ec21036d2460b6f73ebad0dc2aba6e624abf07745bc1' +
      '07694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668' +
      '961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8',
  },
  {
    name: 'PersonalizationStringLen = 0, COUNT = 1',
    entropy: '79737479ba4e7642a221fcfd1b820b134e9e3540a35bb48ffae29c20f5418ea3',
    nonce: '3593259c092bef4129bc2c6c9e19f343',
    personalization: '',
    returnedBits:
      'cf5ad5984f9e43917aa9087380dac46e410ddc8a7731859c84e9d0f31bd43655' +
      'b924159413e2293b17610f211e09f770f172b8fb693a35b85d3b9e5e63b1dc25' +
      '2ac0e115002e9bedfb4b5b6fd43f33b8e0eafb2d072e1a6fee1f159df9b51e6c' +
      '8da737e60d5032dd30544ec51558c6f080bdbdab1de8a939e961e06b5f1aca37',
  },
  {
    name: 'PersonalizationStringLen = 0, COUNT = 2',
    entropy: 'b340907445b97a8b589264de4a17c0bea11bb53ad72f9f33297f05d2879d898d',
    nonce: '65cb27735d83c0708f72684ea58f7ee5',
    personalization: '',
    returnedBits:
      '75183aaaf3574bc68003352ad655d0e9ce9dd17552723b47fab0e84ef903694a' +
      '32987eeddbdc48efd24195dbdac8a46ba2d972f5808f23a869e71343140361f5' +
      '8b243e62722088fe10a98e43372d252b144e00c89c215a76a121734bdc485486' +
      'f65c0b16b8963524a3a70e6f38f169c12f6cbdd169dd48fe4421a235847a23ff',
  },
  {
    name: 'PersonalizationStringLen = 0, COUNT = 3',
    entropy: '8e159f60060a7d6a7e6fe7c9f769c30b98acb1240b25e7ee33f1da834c0858e7',
    nonce: 'c39d35052201bdcce4e127a04f04d644',
    personalization: '',
    returnedBits:
      '62910a77213967ea93d6457e255af51fc79d49629af2fccd81840cdfbb491099' +
      '1f50a477cbd29edd8a47c4fec9d141f50dfde7c4d8fcab473eff3cc2ee9e7cc9' +
      '0871f180777a97841597b0dd7e779eff9784b9cc33689fd7d48c0dcd341515ac' +
      '8fecf5c55a6327aea8d58f97220b7462373e84e3b7417a57e80ce946d6120db5',
  },
  {
    name: 'PersonalizationStringLen = 0, COUNT = 4',
    entropy: '74755f196305f7fb6689b2fe6835dc1d81484fc481a6b8087f649a1952f4df6a',
    nonce: 'c36387a544a5f2b78007651a7b74b749',
    personalization: '',
    returnedBits:
      'b2896f3af4375dab67e8062d82c1a005ef4ed119d13a9f18371b1b8737744186' +
      '84805fd659bfd69964f83a5cfe08667ddad672cafd16befffa9faed49865214f' +
      '703951b443e6dca22edb636f3308380144b9333de4bcb0735710e4d926678634' +
      '2fc53babe7bdbe3c01a3addb7f23c63ce2834729fabbd419b47beceb4a460236',
  },
  {
    name: 'PersonalizationStringLen = 256, COUNT = 0',
    entropy: '5cacc68165a2e2ee20812f35ec73a79dbf30fd475476ac0c44fc6174cdac2b55',
    nonce: '6f885496c1e63af620becd9e71ecb824',
    personalization: 'e72dd8590d4ed5295515c35ed6199e9d211b8f069b3058caa6670b96ef1208d0',
    returnedBits:
      'f1012cf543f94533df27fedfbf58e5b79a3dc517a9c402bdbfc9a0c0f721f9d5' +
      '3faf4aafdc4b8f7a1b580fcaa52338d4bd95f58966a243cdcd3f446ed4bc546d' +
      '9f607b190dd69954450d16cd0e2d6437067d8b44d19a6af7a7cfa8794e5fbd72' +
      '8e8fb2f2e8db5dd4ff1aa275f35886098e80ff844886060da8b1e7137846b23b',
  },
  {
    name: 'PersonalizationStringLen = 256, COUNT = 1',
    entropy: '8df013b4d103523073917ddf6a869793059e9943fc8654549e7ab22f7c29f122',
    nonce: 'da2625af2ddd4abcce3cf4fa4659d84e',
    personalization: 'b571e66d7c338bc07b76ad3757bb2f9452bf7e07437ae8581ce7bc7c3ac651a9',
    returnedBits:
      'b91cba4cc84fa25df8610b81b641402768a2097234932e37d590b1154cbd23f9' +
      '7452e310e291c45146147f0da2d81761fe90fba64f94419c0f662b28c1ed94da' +
      '487bb7e73eec798fbcf981b791d1be4f177a8907aa3c401643a5b62b87b89d66' +
      'b3a60e40d4a8e4e9d82af6d2700e6f535cdb51f75c321729103741030ccc3a56',
  },
  {
    name: 'PersonalizationStringLen = 256, COUNT = 2',
    entropy: '565b2b77937ba46536b0f693b3d5e4a8a24563f9ef1f676e8b5b2ef17823832f',
    nonce: '4ef3064ec29f5b7f9686d75a23d170e3',
    personalization: '3b722433226c9dba745087270ab3af2c909425ba6d39f5ce46f07256068319d9',
    returnedBits:
      'd144ee7f8363d128872f82c15663fe658413cd42651098e0a7c51a970de75287' +
      'ec943f9061e902280a5a9e183a7817a44222d198fbfab184881431b4adf35d3d' +
      '1019da5a90b3696b2349c8fba15a56d0f9d010a88e3f9eeedb67a69bcaa71281' +
      'b41afa11af576b765e66858f0eb2e4ec4081609ec81da81df0a0eb06787340ea',
  },
];
