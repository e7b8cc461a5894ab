// Passwords that satisfy the length/digit/uppercase rules yet are among the most
// used (from public breach statistics), compared case-insensitively. Refused by
// the server with "This password is too common".
const COMMON = `password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword1 qwerty1 qwerty12 qwerty123
qwerty1234 azerty1 azerty12 azerty123 azerty1234 abc123 abcd1234 abc12345 a123456 aa123456 aaa111 a1b2c3 a1b2c3d4
123456a 123456aa 1234567a 12345678a 123abc 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx q1w2e3r4 admin1 admin12
admin123 admin1234 administrator1 welcome1 welcome12 welcome123 letmein1 letmein123 iloveyou1 iloveyou123 monkey1
monkey123 dragon1 dragon123 master1 master123 sunshine1 princess1 football1 football123 baseball1 superman1
batman1 batman123 trustno1 shadow1 michael1 jordan23 hello123 hello1234 freedom1 whatever1 starwars1 computer1
changeme1 secret1 secret123 test123 test1234 testtest1 summer2024 summer2025 winter2024 winter2025 spring2025
autumn2025 january1 azerty2025 algerie1 algerie123 algeria1 algeria123 algerie2025 dz2025 dzair1 dzair123
bonjour1 bonjour123 soleil1 soleil123 marseille1 chocolat1 doudou1 loulou1 nicolas1 motdepasse1 motdepasse123
ecosouk1 ecosouk123 ecosouk2025 mohamed1 mohamed123 ahmed123 amina123 karim123 samir123 yacine123 sofiane123
fatima123 mouloudia1 usma1962 jsk1946 mca1921 crb1962 bismillah1 allah123 qwe123 asd123 zxc123 asdf1234
zxcv1234 qazwsx1 pass123 pass1234 login123 user123 root123 mypass1 mypassword1 newpass1 default1 guest123`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
