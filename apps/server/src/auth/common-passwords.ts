/**
 * Well-known most common passwords (as seen in published breach lists) of at least 8 characters; shorter ones
 * are refused by the length rule anyway. Lower-cased, separated by whitespace, compared case-insensitively.
 */
const LIST = `
password 12345678 123456789 baseball football qwertyuiop 1234567890 superman 1qaz2wsx trustno1 jennifer sunshine
iloveyou starwars computer michelle 11111111 princess 987654321 minecraft corvette 1234qwer 88888888 q1w2e3r4t5
internet samantha whatever maverick steelers mercedes 123123123 qwer1234 q1w2e3r4 midnight victoria 1q2w3e4r
cocacola marlboro asdfasdf 87654321 12344321 jordan23 jonathan liverpoo danielle abcd1234 scorpion qazwsxedc
password1 slipknot qwerty123 startrek 12341234 redskins asdfghjkl qwertyui liverpool dolphins nicholas elephant
mountain xxxxxxxx 1q2w3e4r5t metallic benjamin creative rush2112 asdfghjk 4815162342 passw0rd 1qazxsw2 garfield
01012011 69696969 december 11223344 godzilla airborne lifehack brooklyn platinum darkness blink182 789456123
12qwaszx snowball pakistan redwings williams nintendo guinness november asdf1234 lasvegas babygirl 12121212
147258369 explorer snickers metallica alexande paradise michigan carolina lacrosse christin kimberly kristina
0987654321 poohbear qweasdzxc drowssap caroline einstein spitfire maryjane 1232323q champion svetlana westside
courtney 12345qwert patricia aaaaaaaa anderson security stargate simpsons scarface 123456789a 1234554321
cherokee veronica semperfi scotland marshall qwerty12 98765432 softball passport franklin alexander 55555555
zaq12wsx infinity kawasaki 77777777 vladimir freeuser wildcats budlight brittany 00000000 bulldogs swordfis
pavilion password12 password123 password1234 password12345 password01 password2 password! password@123
password#1 passwordpassword p@ssw0rd p@ssword p@ssw0rd1 p@ssword1 p@55w0rd pa$$word pa55word pa55w0rd passw0rd1
pass1234 pass12345 pass@123 pass1word 1password 123password mypassword mypassword1 yourpassword newpassword
nopassword secretpassword letmein1 letmein123 letmein! letmein12 letmeinnow opensesame welcome1 welcome12
welcome123 welcome! welcome@123 welcome2024 admin123 admin1234 admin12345 admin@123 admin@1234 administrator
adminadmin root1234 rootroot toor1234 changeme changeme1 changeme123 default1 guest123 test1234 test12345
testtest testing1 testing123 user1234 secret12 secret123 iloveyou1 iloveyou2 iloveyou12 iloveyou123 iloveyou!
iloveu123 lovelove lovelove1 loveyou1 loveme123 lovely12 princess1 princess12 sunshine1 football1 football123
baseball1 basketball superman1 superman123 batman123 starwars1 whatever1 whatever12 trustno1! michael1 michael12
jennifer1 jessica1 charlie1 charlie123 chocolate computer1 chelsea1 chelsea123 arsenal1 manchester manutd123
dragon12 dragon123 dragonball monkey12 monkey123 monkey1234 shadow12 shadow123 killer12 killer123 123qweasd
qweasd123 123qwe123 123abc123 abc123456 abc12345 abcdefgh abcdefg1 abcdef123 a1b2c3d4 aa123456 a1234567
a12345678 a123456789 12345678a 123456789q q123456789 1234567a 1234567q qwe123qwe 123456qwerty qwerty123456
qwerty1234 qwerty12345 qwerty11 qwerty69 qwerty123! qwerty!@# qwertyuiop123 asdfghjkl123 zxcvbnm1 zxcvbnm123
asdasdasd qweqweqwe zxczxczxc qwerqwer zxcvzxcv asdfqwer poiuytrewq mnbvcxz1 lkjhgfdsa 1q2w3e4r5t6y q1w2e3r4t5y6
1q2w3e4r! 1qaz2wsx3edc 1qaz@wsx !qaz2wsx !qaz@wsx zaq1zaq1 zaq!2wsx zaq1@wsx qazwsx123 qazwsxedcrfv
1q2w3e4r5t6y7u8i9o0p 1234567890q 123456789z 1234abcd 1qaz!qaz asdf;lkj 111111111 1111111111 000000000 0000000000
99999999 999999999 22222222 33333333 44444444 66666666 12345678910 1234512345 123321123 112233445566 1122334455
9876543210 159753456 741852963 963852741 159357456 147852369 123654789 456123789 321321321 123456123
123456654321 135792468 246813579 102030405060 1029384756 123698745 5201314520 woaini1314 woaini520 iloveyou1314
123456789! 12345678! !@#$%^&* 1234!@#$ !@#$1234 12345678q summer2020 summer2021 summer2022 summer2023 summer2024
summer2025 summer2026 winter2020 winter2021 winter2022 winter2023 winter2024 winter2025 winter2026 spring2024
spring2025 autumn2024 autumn2025 password2020 password2021 password2022 password2023 password2024 password2025
password2026 welcome2025 welcome2026 summer12 summer123 monday123 butterfly butterfly1 cookie123 flower123
freedom1 friends1 hello123 hello1234 hello12345 helloworld jesus123 jesuschrist mustang1 naruto123 pokemon1
pokemon123 samsung1 samsung123 spiderman spiderman1 tigger12 tinkerbell unicorn1 vanessa1 victoria1 yankees1
babygirl1 babyboy1 bailey12 barcelona beautiful benjamin1 bigdaddy blessed1 blizzard bluebird brandon1 buster12
caroline1 catherine champion1 charlotte chester1 christian christina christopher cocacola1 colorado cowboys1
crystal1 daniel12 danielle1 elizabeth emmanuel forever1 francesco garfield1 gabriela georgia1 ginger12 greenday
hottie12 houston1 jaguar12 jeremiah jonathan1 lebron23 leonardo lovebug1 lucky123 madison1 mahalkita marcus12
margaret mercedes1 mickey12 miranda1 monster1 motorola muffin12 nathan12 natasha1 nirvana1 patrick1 penguin1
porsche1 purple12 raiders1 rebecca1 robert12 samantha1 santiago shannon1 sparky12 stephanie sweetheart sweetpea
taylor12 teddybear thunder1 thunder12 welcome01 wildcats1 yamaha12 zzzzzzzz corvette1 marlboro1 midnight1
mountain1 scorpion1 slipknot1 snowball1 spitfire1 swordfish warcraft wolverine metallica1 maverick1 phoenix1
platinum1 playboy1 precious rainbow1 redskins1 richard1 rockstar sebastian september november1 scooter1 sterling
chicken1 cheese123 diamond1 elephant1 fernando firebird gateway1 gladiator goldfish guitar12 hannah12
harrypotter hockey12 homework hotmail1 hunter12 hunter123 icecream isabella jackson1 jasmine1 juventus kimberly1
lakers24 lollipop magnolia marina12 matthew1 maxwell1 melissa1 minecraft1 minecraft123 montana1 nicholas1
nintendo1 oblivion olivia12 pakistan1 panthers peaches1 pepper12 pineapple qwaszx12 ronaldo7 sandiego security1
serenity skywalker soccer12 softball1 spongebob spongebob1 steelers1 strawberry sunflower tennis12 thomas12
thunderbird tottenham trinity1 university valentina vikings1 volleyball warriors william1 wrestling yellow12
zeppelin zachary1 alexander1 alexandra andrew12 angel123 anthony1 apple123 applepie orange12 banana12 google123
facebook facebook1 linkedin myspace1 yahoo123 instagram twitter1 youtube1 microsoft windows7 windows10 iphone12
blackberry sk8ter12 access14 accessdenied computer123 internet1 letmein2 master12 master123 mastermind michelle1
jordan123 basketball1 soccer123 hockey123 princess123 sunshine123 iloveyou3 loveyou123 ilovegod iloveme1
friendship trustme1 trustnoone 12345679 1234567899 1234567891 987456321 11112222 11113333 12131415 13579246
19871987 19881988 19891989 19901990 19911991 19921992 20002000 20202020 20212021 a1s2d3f4 q1q1q1q1 1a2b3c4d
1z2x3c4v z1x2c3v4 zaq12wsx3 qweasdzxc123 qwertyqwerty asdfasdfasdf adgjmptw passwort passwort1 motdepasse
azertyuiop azerty123 contraseña contrasena senha123 parola123 salasana wachtwoord hallo123 geheim123 schatz123
bienvenue soleil123 sasuke123 goku1234 pikachu1 doraemon
`;

/** 694 entries. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
