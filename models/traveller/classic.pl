% classic.pl — the gamebounds Traveller board (our own design; the original's board is
% not public). Same fact format as the Prolog original:
%   square(S, X, Y)      square S at grid point (X, Y)
%   building(S, Name)    a building on square S
%   joins(S1, S2)        a road (horizontal, vertical or 45° diagonal), driven both ways
%   loop(L), in(S, L)    a named closed street and its squares
%   sells(Name, Good, P) a wholesaler: the trader buys Good there at £P a unit
%   buys(Name, Good, P)  a retailer: the trader sells Good there at £P a unit
%   sells_fuel(Name, P)  a fuel station
%   unit_volume(Good, V) cubic feet per unit of Good
%
% The town: The Hub in the middle (square 67, the usual start, is its east side); four
% districts around it on loops of their own — Harbour Loop (west), North Circus, Mill
% Loop (east) and South Market — joined to The Hub by straight streets, plus two long
% diagonal avenues out to the Quarry (north-east) and Orchard Farm (south-west).
% Cheap bulk goods (coal, peaches) come from the far ends of the avenues; glasses and
% televisions from the Mill; diamonds from North Circus. 81 squares, 87 roads.

% Goods: cubic feet per unit.
unit_volume(coal, 2.5).
unit_volume(diamonds, 0.01).
unit_volume(glasses, 1).
unit_volume(peaches, 1.5).
unit_volume(televisions, 8).

% Squares: square(S, X, Y).  x to the east, y to the south.
% Harbour Loop
square(1, 0, 4). square(2, 1, 4). square(3, 2, 4). square(4, 3, 4). square(5, 3, 5). square(6, 3, 6). square(7, 3, 7). square(8, 3, 8). square(9, 2, 8). square(10, 1, 8). square(11, 0, 8). square(12, 0, 7). square(13, 0, 6). square(14, 0, 5).
% North Circus
square(15, 7, 0). square(16, 8, 0). square(17, 9, 0). square(18, 9, 1). square(19, 9, 2). square(20, 8, 2). square(21, 7, 2). square(22, 7, 1).
% Mill Loop
square(23, 13, 4). square(24, 14, 4). square(25, 15, 4). square(26, 16, 4). square(27, 16, 5). square(28, 16, 6). square(29, 16, 7). square(30, 16, 8). square(31, 15, 8). square(32, 14, 8). square(33, 13, 8). square(34, 13, 7). square(35, 13, 6). square(36, 13, 5).
% South Market
square(37, 6, 10). square(38, 7, 10). square(39, 8, 10). square(40, 9, 10). square(41, 10, 10). square(42, 10, 11). square(43, 10, 12). square(44, 9, 12). square(45, 8, 12). square(46, 7, 12). square(47, 6, 12). square(48, 6, 11).
% Harbour Road (west of The Hub)
square(49, 4, 6). square(50, 5, 6). square(51, 6, 6).
% Circus Street (north of The Hub)
square(52, 8, 3). square(53, 8, 4).
% Mill Road (east of The Hub)
square(54, 10, 6). square(55, 11, 6). square(56, 12, 6).
% Market Street (south of The Hub)
square(57, 8, 8). square(58, 8, 9).
% Harbour Diagonal
square(59, 4, 3). square(60, 5, 2). square(61, 6, 1).
% Mill Diagonal
square(62, 12, 9). square(63, 11, 10).
% The Hub
square(64, 7, 5). square(65, 8, 5). square(66, 9, 5). square(67, 9, 6). square(68, 9, 7). square(69, 8, 7). square(70, 7, 7). square(71, 7, 6).
% Quarry Avenue (north-east diagonal)
square(72, 10, 4). square(73, 11, 3). square(74, 12, 2). square(75, 13, 1). square(76, 14, 0).
% Orchard Avenue (south-west diagonal)
square(77, 6, 8). square(78, 5, 9). square(79, 4, 10). square(80, 3, 11). square(81, 2, 12).

% Roads (driven both ways).
joins(1, 2). joins(2, 3). joins(3, 4). joins(4, 5). joins(5, 6). joins(6, 7).
joins(7, 8). joins(8, 9). joins(9, 10). joins(10, 11). joins(11, 12). joins(12, 13).
joins(13, 14). joins(14, 1). joins(15, 16). joins(16, 17). joins(17, 18). joins(18, 19).
joins(19, 20). joins(20, 21). joins(21, 22). joins(22, 15). joins(23, 24). joins(24, 25).
joins(25, 26). joins(26, 27). joins(27, 28). joins(28, 29). joins(29, 30). joins(30, 31).
joins(31, 32). joins(32, 33). joins(33, 34). joins(34, 35). joins(35, 36). joins(36, 23).
joins(37, 38). joins(38, 39). joins(39, 40). joins(40, 41). joins(41, 42). joins(42, 43).
joins(43, 44). joins(44, 45). joins(45, 46). joins(46, 47). joins(47, 48). joins(48, 37).
joins(64, 65). joins(65, 66). joins(66, 67). joins(67, 68). joins(68, 69). joins(69, 70).
joins(70, 71). joins(71, 64). joins(6, 49). joins(49, 50). joins(50, 51). joins(51, 71).
joins(20, 52). joins(52, 53). joins(53, 65). joins(67, 54). joins(54, 55). joins(55, 56).
joins(56, 35). joins(69, 57). joins(57, 58). joins(58, 39). joins(4, 59). joins(59, 60).
joins(60, 61). joins(61, 22). joins(33, 62). joins(62, 63). joins(63, 42). joins(66, 72).
joins(72, 73). joins(73, 74). joins(74, 75). joins(75, 76). joins(70, 77). joins(77, 78).
joins(78, 79). joins(79, 80). joins(80, 81).

% Named loops (closed streets).
loop('Harbour Loop').
in(1, 'Harbour Loop'). in(2, 'Harbour Loop'). in(3, 'Harbour Loop'). in(4, 'Harbour Loop'). in(5, 'Harbour Loop'). in(6, 'Harbour Loop'). in(7, 'Harbour Loop'). in(8, 'Harbour Loop'). in(9, 'Harbour Loop'). in(10, 'Harbour Loop'). in(11, 'Harbour Loop'). in(12, 'Harbour Loop'). in(13, 'Harbour Loop'). in(14, 'Harbour Loop').
loop('North Circus').
in(15, 'North Circus'). in(16, 'North Circus'). in(17, 'North Circus'). in(18, 'North Circus'). in(19, 'North Circus'). in(20, 'North Circus'). in(21, 'North Circus'). in(22, 'North Circus').
loop('Mill Loop').
in(23, 'Mill Loop'). in(24, 'Mill Loop'). in(25, 'Mill Loop'). in(26, 'Mill Loop'). in(27, 'Mill Loop'). in(28, 'Mill Loop'). in(29, 'Mill Loop'). in(30, 'Mill Loop'). in(31, 'Mill Loop'). in(32, 'Mill Loop'). in(33, 'Mill Loop'). in(34, 'Mill Loop'). in(35, 'Mill Loop'). in(36, 'Mill Loop').
loop('South Market').
in(37, 'South Market'). in(38, 'South Market'). in(39, 'South Market'). in(40, 'South Market'). in(41, 'South Market'). in(42, 'South Market'). in(43, 'South Market'). in(44, 'South Market'). in(45, 'South Market'). in(46, 'South Market'). in(47, 'South Market'). in(48, 'South Market').
loop('The Hub').
in(64, 'The Hub'). in(65, 'The Hub'). in(66, 'The Hub'). in(67, 'The Hub'). in(68, 'The Hub'). in(69, 'The Hub'). in(70, 'The Hub'). in(71, 'The Hub').


% Buildings.
building(1, 'Lighthouse').
building(3, 'Harbour Glass Shop').
building(9, 'Harbour Garage').
building(11, 'Harbour Coal Wharf').
building(13, 'Harbour Fruit Import').
building(15, 'Hatton Garden').
building(17, 'Circus Electrics').
building(20, 'St Mary''s Church').
building(24, 'TV Factory').
building(28, 'Power Station').
building(30, 'Glassworks').
building(36, 'Mill Garage').
building(38, 'Market Garage').
building(40, 'Market Jewellers').
building(44, 'Market Grocer').
building(47, 'Gasworks').
building(64, 'Hub Cafe').
building(65, 'Optician').
building(66, 'Town Hall').
building(68, 'Hub Garage').
building(69, 'Hub Electrics').
building(71, 'Hub Jewellers').
building(74, 'Quarry Pump').
building(76, 'Quarry Coal Co.').
building(81, 'Orchard Farm').

% Wholesalers: the trader buys here.
sells('Quarry Coal Co.', coal, 4).
sells('Harbour Coal Wharf', coal, 5).
sells('Hatton Garden', diamonds, 850).
sells('Glassworks', glasses, 10).
sells('Orchard Farm', peaches, 2).
sells('Harbour Fruit Import', peaches, 3).
sells('TV Factory', televisions, 140).

% Retailers: the trader sells here.
buys('Power Station', coal, 7).
buys('Gasworks', coal, 8).
buys('Hub Jewellers', diamonds, 890).
buys('Market Jewellers', diamonds, 905).
buys('Optician', glasses, 13).
buys('Harbour Glass Shop', glasses, 14).
buys('Market Grocer', peaches, 5).
buys('Hub Cafe', peaches, 4).
buys('Hub Electrics', televisions, 170).
buys('Circus Electrics', televisions, 180).

% Fuel stations.
sells_fuel('Hub Garage', 6).
sells_fuel('Harbour Garage', 4).
sells_fuel('Mill Garage', 5).
sells_fuel('Quarry Pump', 7).
sells_fuel('Market Garage', 5).
