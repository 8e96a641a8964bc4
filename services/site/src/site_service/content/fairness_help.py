"""The help centre's player page on provably fair results: the one construction every lottery draw and in-house
round comes from (``portal_kit.fairness``), written for a player who wants to check a result by hand. The worked
example's numbers are checked by ``tests/test_fairness_help.py`` against its own arithmetic."""

from __future__ import annotations

KEY = "provably-fair"

TITLE = {
    "TR": "Kanıtlanabilir adalet: sonucu kendiniz doğrulayın",
    "EN": "Provably fair: check any result yourself",
    "CN": "可证明公平：自行验证每个结果",
}

_EN = """
<p>Every lottery draw and every round of our in-house games (Fruit 5, Dice 99, Dragon Tiger) comes from a secret
<b>seed</b> whose fingerprint is published before you bet. Once the draw is made (the lottery) or once you change
your seeds (the in-house games) the seed is revealed, and anyone can recompute the result with the steps below.</p>
<ol>
<li><b>Seed and fingerprint.</b> A seed is 32 bytes, shown as 64 hexadecimal digits. Its fingerprint is the
SHA-256 of those 32 bytes (not of the hex text). The revealed seed's SHA-256 must equal the fingerprint you saw
before playing.</li>
<li><b>Context.</b> A lottery draw's context is <code>game code:issue</code>, for example
<code>SSC_1M:202611230721</code>. An in-house round's context is <code>client seed:nonce</code>; the nonce counts
the rounds played under the seed (1, 2, 3, …).</li>
<li><b>Stream.</b> Block 0, 1, 2, … is HMAC-SHA256 with the seed's 32 bytes as the key and the text
<code>context:block</code> as the message (the block number in decimal). Each block gives eight 32-bit words,
read big-endian; the words of block 0 come first, then those of block 1, and so on.</li>
<li><b>A number below n.</b> Take the next word w. If w is at least 2³² − (2³² mod n), skip
it and take the next one; otherwise the number is w mod n.</li>
<li><b>Drawing without replacement</b> (lottery balls, cards): the number below the count of values left is the
position, from 0, of the value drawn in the list as it stands; that value leaves the list.</li>
</ol>
<p><b>What each game reads, in order.</b> SSC: 5 digits, each a number below 10. 11x5: 5 balls without replacement
from 1–11. K3: 3 dice, each 1 + a number below 6. PK10: all of 1–10 without replacement. Mark Six: 7 balls without
replacement from 1–49, the seventh being the special. Lucky 28 and 3D: 3 digits. SEA: 8 digits (the first six the
top prize, the last two the bottom). VN: each prize a number below 10 to the power of its digits, in the order of
the prizes. Fruit 5: five numbers below 29 (the reel stops), then a number below 2,000,000,000 (the jackpot: a hit
when it is below your stake in minor units). Dice 99: a number below 10,000, the roll in hundredths. Dragon Tiger:
a number below 52 picks Dragon's card from the deck A♠ A♥ A♦ A♣ 2♠ … K♣, then a number below 51 picks Tiger's card
among the 51 left.</p>
<p><b>Worked example, the lottery.</b> Seed <code>000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f</code>
(the bytes 0 to 31), fingerprint <code>630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd</code>.
For <code>SSC_1M:202611230721</code>, block 0 is the HMAC of <code>SSC_1M:202611230721:0</code>; its first five
words are 1518107281, 2390146506, 3780610113, 2003158387 and 2714755265. None is at least 4294967290, so the
digits are the words mod 10: <b>1, 6, 3, 7, 5</b>.</p>
<p><b>Worked example, the dice.</b> Seed
<code>9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08</code>, client seed <code>lucky-31</code>,
nonce 2: the first word of <code>lucky-31:2:0</code> is 363838435, and 363838435 mod 10000 = 8435: a roll of
<b>84.35</b>.</p>
<p>You do not have to do this by hand: the lottery's results show each revealed seed and can be checked with its
verify call, and the in-house game window checks any round of a revealed seed with the game's own code.</p>
"""

_TR = """
<p>Her piyango çekilişi ve şirket içi oyunlarımızın (Fruit 5, Dice 99, Dragon Tiger) her turu, parmak izi siz
bahis yapmadan önce yayımlanan gizli bir <b>tohumdan</b> (seed) gelir. Çekiliş yapıldığında (piyango) ya da
tohumlarınızı değiştirdiğinizde (şirket içi oyunlar) tohum açıklanır ve herkes sonucu aşağıdaki adımlarla yeniden
hesaplayabilir.</p>
<ol>
<li><b>Tohum ve parmak izi.</b> Tohum 32 bayttır ve 64 onaltılık rakamla gösterilir. Parmak izi, bu 32 baytın
SHA-256 özetidir (onaltılık metnin değil). Açıklanan tohumun SHA-256 özeti, oynamadan önce gördüğünüz parmak izine
eşit olmalıdır.</li>
<li><b>Bağlam.</b> Bir piyango çekilişinin bağlamı <code>oyun kodu:dönem</code> biçimindedir, örneğin
<code>SSC_1M:202611230721</code>. Şirket içi bir turun bağlamı <code>istemci tohumu:nonce</code> biçimindedir;
nonce, tohum altında oynanan turları sayar (1, 2, 3, …).</li>
<li><b>Akış.</b> 0, 1, 2, … numaralı blok; anahtar olarak tohumun 32 baytı, ileti olarak
<code>bağlam:blok</code> metni (blok numarası onluk) ile hesaplanan HMAC-SHA256'dır. Her blok, büyük uçlu (big-endian)
okunan sekiz adet 32 bitlik sözcük verir; önce 0. bloğun sözcükleri, sonra 1. bloğunkiler gelir ve böyle devam
eder.</li>
<li><b>n'den küçük bir sayı.</b> Sıradaki sözcüğü (w) alın. w, 2³² − (2³² mod n) değerine
eşit ya da ondan büyükse atlayın ve sıradakini alın; değilse sayı w mod n olur.</li>
<li><b>Yerine koymadan çekiliş</b> (piyango topları, kartlar): kalan değer sayısından küçük sayı, listenin o anki
hâlinde çekilen değerin 0'dan başlayan sırasıdır; o değer listeden çıkar.</li>
</ol>
<p><b>Her oyunun okuduğu sayılar, sırasıyla.</b> SSC: her biri 10'dan küçük bir sayı olan 5 rakam. 11x5: 1–11
arasından yerine koymadan 5 top. K3: her biri 1 + 6'dan küçük bir sayı olan 3 zar. PK10: 1–10'un tümü, yerine
koymadan. Altı Numara: 1–49 arasından yerine koymadan 7 top, yedincisi özel top. Şanslı 28 ve 3D: 3 rakam. SEA: 8
rakam (ilk altısı büyük ödül, son ikisi küçük ödül). VN: her ödül, basamak sayısı kadar 10'un kuvvetinden küçük bir
sayı, ödüllerin sırasıyla. Fruit 5: 29'dan küçük beş sayı (makara durakları), ardından 2.000.000.000'dan küçük bir
sayı (büyük ikramiye: bahsinizden, kuruş cinsinden, küçükse kazanır). Dice 99: 10.000'den küçük bir sayı, yüzde bir
birimiyle zar sonucu. Dragon Tiger: 52'den küçük bir sayı A♠ A♥ A♦ A♣ 2♠ … K♣ destesinden Dragon'un kartını, ardından
51'den küçük bir sayı kalan 51 kart arasından Tiger'ın kartını seçer.</p>
<p><b>Çözümlü örnek, piyango.</b> Tohum
<code>000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f</code> (0'dan 31'e baytlar), parmak izi
<code>630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd</code>. <code>SSC_1M:202611230721</code> için
0. blok, <code>SSC_1M:202611230721:0</code> metninin HMAC'idir; ilk beş sözcüğü 1518107281, 2390146506, 3780610113,
2003158387 ve 2714755265'tir. Hiçbiri 4294967290 ya da daha büyük değildir; rakamlar sözcüklerin mod 10 değerleridir:
<b>1, 6, 3, 7, 5</b>.</p>
<p><b>Çözümlü örnek, zar.</b> Tohum
<code>9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08</code>, istemci tohumu <code>lucky-31</code>,
nonce 2: <code>lucky-31:2:0</code> akışının ilk sözcüğü 363838435'tir ve 363838435 mod 10000 = 8435: zar sonucu
<b>84,35</b>.</p>
<p>Bunu elle yapmanız gerekmez: piyango sonuçları her açıklanan tohumu gösterir ve doğrulama çağrısıyla kontrol
edilebilir; şirket içi oyun penceresi de açıklanmış bir tohumun her turunu oyunun kendi koduyla doğrular.</p>
"""

_CN = """
<p>每一期彩票开奖以及我们自营游戏（Fruit 5、Dice 99、龙虎）的每一局，都来自一个秘密<b>种子</b>，其指纹在您下注前即已公布。
开奖后（彩票）或您更换种子后（自营游戏），种子会被公开，任何人都可以按以下步骤重新计算结果。</p>
<ol>
<li><b>种子与指纹。</b>种子为 32 个字节，以 64 位十六进制数字显示。其指纹是这 32 个字节的 SHA-256 值（不是十六进制文本的）。
公开的种子的 SHA-256 必须与您下注前看到的指纹一致。</li>
<li><b>上下文。</b>彩票开奖的上下文为 <code>游戏代码:期号</code>，例如 <code>SSC_1M:202611230721</code>。自营游戏一局的上下文为
<code>客户端种子:nonce</code>；nonce 为该种子下已进行的局数（1、2、3……）。</li>
<li><b>数据流。</b>第 0、1、2……块是以种子的 32 个字节为密钥、以文本 <code>上下文:块号</code>（块号为十进制）为消息的
HMAC-SHA256。每块给出八个按大端序读取的 32 位字；先是第 0 块的字，然后是第 1 块的，依此类推。</li>
<li><b>小于 n 的数。</b>取下一个字 w。若 w 大于或等于 2³² − (2³² mod n)，则跳过并取下一个；否则该数为
w mod n。</li>
<li><b>不放回抽取</b>（彩票号码球、纸牌）：小于剩余数量的那个数，就是被抽中的值在当前列表中的位置（从 0 开始）；该值随即移出列表。</li>
</ol>
<p><b>各游戏依次读取的数。</b>时时彩：5 个数字，每个为小于 10 的数。11选5：从 1–11 中不放回抽取 5 个球。快三：3 颗骰子，每颗为
1 + 小于 6 的数。赛车：1–10 全部不放回抽取。六合彩：从 1–49 中不放回抽取 7 个球，第七个为特别号。幸运28 与 3D：3 个数字。
东南亚彩：8 个数字（前六位为头奖，后两位为尾奖）。越南彩：每个奖项为小于 10 的（该奖位数）次方的数，按奖项顺序。Fruit 5：
五个小于 29 的数（各转轴停止位置），然后一个小于 2,000,000,000 的数（奖池：小于您以最小货币单位计的投注额即中奖）。Dice 99：
一个小于 10,000 的数，即以百分之一为单位的点数。龙虎：一个小于 52 的数从 A♠ A♥ A♦ A♣ 2♠ … K♣ 的牌组中选出龙的牌，然后一个小于
51 的数从剩余 51 张牌中选出虎的牌。</p>
<p><b>示例：彩票。</b>种子 <code>000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f</code>（字节 0 至 31），指纹
<code>630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd</code>。对于 <code>SSC_1M:202611230721</code>，第 0
块是 <code>SSC_1M:202611230721:0</code> 的 HMAC；其前五个字为 1518107281、2390146506、3780610113、2003158387 和
2714755265。均不大于或等于 4294967290，因此各位数字为这些字 mod 10：<b>1、6、3、7、5</b>。</p>
<p><b>示例：骰子。</b>种子 <code>9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08</code>，客户端种子
<code>lucky-31</code>，nonce 2：<code>lucky-31:2:0</code> 的第一个字为 363838435，363838435 mod 10000 = 8435：点数为
<b>84.35</b>。</p>
<p>您无需手工计算：彩票开奖结果会显示每个公开的种子，并可通过验证接口核对；自营游戏窗口也会用游戏本身的代码验证已公开种子下的任一局。</p>
"""

CONTENT = {"TR": _TR.strip(), "EN": _EN.strip(), "CN": _CN.strip()}
